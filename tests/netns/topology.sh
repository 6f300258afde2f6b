#!/usr/bin/env bash
# Network-namespace topology for the netns tests, after
# shared/research/netns-topology.sh (measured working with libp2p 0.57):
# a public relay and two home NAT routers on an "internet" bridge, each
# router with its own LAN.
#
#   LAN A 192.0.2.0/24                "internet" 198.51.100.0/24          LAN B 203.0.113.0/24
#   lnt-a .2, lnt-a2 .3 - [lnt-ra] wan .2 - br0 [lnt-inet] - wan .3 [lnt-rb] - lnt-b .2
#                                             |
#                                       lnt-relay .10
#
# Only documentation-range addresses (TEST-NET-1/2/3), only inside the
# namespaces made here; nothing is routed out. Needs root, iproute2, nftables.
# Usage: topology.sh up|down   (NAT_MODE=home|symmetric for up)
#
# UPNP=1 runs miniupnpd (its nftables build) on router B, as a home router
# that forwards ports on request. UPnP wants real-looking addresses: libp2p
# maps only private (RFC 1918) LAN addresses, and both it and miniupnpd
# refuse a router whose outside address is not global; so then the
# "internet" is 11.0.0.0/24 and LAN B 192.168.7.0/24 (the namespaces still
# route nothing out).
set -euo pipefail
P=lnt
NAT_MODE=${NAT_MODE:-home}   # home = snat (EIM+APDF); symmetric = masquerade random,fully-random (EDM)
UPNP=${UPNP:-}
if [[ -n $UPNP ]]; then INET=11.0.0 LAN_B=192.168.7; else INET=198.51.100 LAN_B=203.0.113; fi
NAMESPACES="inet relay ra a a2 rb b"

down() {
  for n in $NAMESPACES; do
    # Processes the tests started inside our namespaces, by pid.
    ip netns pids $P-$n 2>/dev/null | xargs -r kill 2>/dev/null || true
    ip netns del $P-$n 2>/dev/null || true
  done
}

if [[ "${1:-up}" == down ]]; then down; exit 0; fi
down
for n in $NAMESPACES; do ip netns add $P-$n; ip -n $P-$n link set lo up; done
ip -n $P-inet link add br0 type bridge
ip -n $P-inet link set br0 up

plug() { # namespace interface-name address: a port on the "internet" bridge
  local ns=$1 ifn=$2 addr=$3
  ip link add "${P}v-$ns" type veth peer name "${P}t-$ns"
  ip link set "${P}v-$ns" netns $P-inet
  ip link set "${P}t-$ns" netns $P-$ns
  ip -n $P-$ns link set "${P}t-$ns" name "$ifn"
  ip -n $P-inet link set "${P}v-$ns" master br0 up
  ip -n $P-$ns addr add "$addr" dev "$ifn"
  ip -n $P-$ns link set "$ifn" up
}
plug relay eth0 $INET.10/24
plug ra wan $INET.2/24
plug rb wan $INET.3/24

lan() { # router gateway-cidr host:addr... : a bridged LAN behind a router
  local r=$1 gw=$2; shift 2
  ip -n $P-$r link add brlan type bridge
  ip -n $P-$r addr add "$gw" dev brlan
  ip -n $P-$r link set brlan up
  for h in "$@"; do
    local ns=${h%%:*} addr=${h#*:}
    ip link add "${P}l-$ns" type veth peer name "${P}t-$ns"
    ip link set "${P}l-$ns" netns $P-$r
    ip link set "${P}t-$ns" netns $P-$ns
    ip -n $P-$ns link set "${P}t-$ns" name eth0
    ip -n $P-$r link set "${P}l-$ns" master brlan up
    ip -n $P-$ns addr add "$addr" dev eth0
    ip -n $P-$ns link set eth0 up
    ip -n $P-$ns route add default via "${gw%/*}"
  done
  ip netns exec $P-$r sysctl -qw net.ipv4.ip_forward=1
  # With br_netfilter loaded (docker does it), bridged LAN frames would go
  # through the forward chain below and mDNS multicast would vanish.
  ip netns exec $P-$r sysctl -qw net.bridge.bridge-nf-call-iptables=0 2>/dev/null || true
}
lan ra 192.0.2.1/24 a:192.0.2.2/24 a2:192.0.2.3/24
lan rb $LAN_B.1/24 b:$LAN_B.2/24

nat() { # router wan-address lan-subnet [upnp]
  local r=$1 wanip=$2 sub=$3 upnp=${4:-} rule
  if [[ $NAT_MODE == symmetric ]]; then rule="masquerade random,fully-random"; else rule="snat to $wanip"; fi
  # miniupnpd's chains (its default names): the forwarding it allows and
  # the ports it maps; empty until a LAN host asks.
  local upnp_forward="" upnp_chains=""
  if [[ -n $upnp ]]; then
    upnp_forward="jump miniupnpd"
    upnp_chains="
  chain miniupnpd { }
  chain prerouting { type nat hook prerouting priority -100; jump prerouting_miniupnpd; }
  chain prerouting_miniupnpd { }
  chain postrouting { type nat hook postrouting priority 110; jump postrouting_miniupnpd; }
  chain postrouting_miniupnpd { }"
  fi
  ip netns exec $P-$r nft -f - <<NFT
table ip nat {
  chain post {
    type nat hook postrouting priority 100;
    ip saddr $sub oifname "wan" $rule
  }
}
table inet filter {
  chain forward_lan {
    type filter hook forward priority 0; policy drop;
    ct state established,related accept
    iifname "brlan" oifname "wan" accept
    $upnp_forward
  }
  # Like a home router, drop unsolicited packets to the router itself,
  # before conntrack confirms them; without this, simultaneous open at
  # ~0 RTT clashes with a stray conntrack entry and punching fails.
  chain input_wan {
    type filter hook input priority 0; policy accept;
    iifname "wan" ct state new drop
  }$upnp_chains
}
NFT
}
nat ra $INET.2 192.0.2.0/24
nat rb $INET.3 $LAN_B.0/24 "$UPNP"

if [[ -n $UPNP ]]; then
  conf=$(mktemp)
  cat >"$conf" <<CONF
ext_ifname=wan
listening_ip=brlan
port=0
enable_upnp=yes
enable_natpmp=yes
secure_mode=yes
system_uptime=yes
uuid=4c6f6e67-2d6c-6976-652d-4c75646f7069
upnp_table_name=filter
upnp_nat_table_name=filter
upnp_forward_chain=miniupnpd
upnp_nat_chain=prerouting_miniupnpd
upnp_nat_postrouting_chain=postrouting_miniupnpd
allow 1024-65535 $LAN_B.0/24 1024-65535
deny 0-65535 0.0.0.0/0 0-65535
CONF
  # In the foreground (-d), so that tearing the namespace down stops it.
  ip netns exec $P-rb miniupnpd -f "$conf" -d -P "$conf.pid" >"${UPNP_LOG:-/dev/null}" 2>&1 &
fi
echo "topology up (NAT_MODE=$NAT_MODE)"
