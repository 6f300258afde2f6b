#!/usr/bin/env bash
# Network-namespace tests of the network layer (issue 7), for the CI test
# script: two LAN peers finding each other by mDNS and by room code, and a guest joining a
# host by room code through a relay across two NAT routers, hole punched
# with home NATs and staying relayed (past the relay library's 128 KiB
# default) with symmetric NATs; and a whole game, `ludopia host --headless`
# behind one NAT and `ludopia join --headless CODE` behind the other, played
# to the end behind both kinds of NAT with the same places at both ends and
# no election: through `ludopia relay`, and behind symmetric NATs also through
# a relay with the limits public relays use (2 minutes, 128 KiB a circuit).
# Skips, exit 0, with a clear message when it cannot run (not root, tools
# missing). Exits 1 if a scenario fails.
#
# Behind both kinds of NAT, a whole game by room code with only a stock
# js-libp2p peer given (--bootstrap): its DHT finds the table and its relay
# reaches the host (hole punched behind home NATs).
#
# Env: NO_BUILD=1 to use already built binaries; CARGO_TARGET_DIR honoured;
# ONLY=WORD runs only the scenarios whose command holds WORD.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

if [[ $(id -u) != 0 ]]; then
  echo "netns tests skipped: they need root to create network namespaces"
  exit 0
fi
for tool in ip nft timeout; do
  if ! command -v "$tool" >/dev/null; then
    echo "netns tests skipped: '$tool' is missing (apt-get install iproute2 nftables)"
    exit 0
  fi
done

target=${CARGO_TARGET_DIR:-$root/target}/debug
if [[ -z ${NO_BUILD:-} ]]; then
  (cd "$root" && cargo build --quiet --bin ludopia --example net_probe)
fi
LUDOPIA=$target/ludopia
PROBE=$target/examples/net_probe
RELAY_IP=198.51.100.10
CODE=NETCDE

work=$(mktemp -d)
failures=0
cleanup() {
  "$here/topology.sh" down
  if ((failures == 0)) && [[ -z ${KEEP_LOGS:-} ]]; then rm -rf "$work"; else echo "logs kept in $work"; fi
}
trap cleanup EXIT

in_ns() { local ns=$1; shift; ip netns exec "lnt-$ns" "$@"; }

# wait_for FILE PATTERN SECONDS: waits (bounded) for a line; prints it.
wait_for() {
  local file=$1 pattern=$2 tries=$(($3 * 10))
  for ((i = 0; i < tries; i++)); do
    if grep -m1 -- "$pattern" "$file" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  return 1
}

# field JSON-LINE NAME: the value of a flat JSON field.
field() { sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p" <<<"$1"; }

# routes_of LOG: every route the player reported, in order ("relayed direct").
routes_of() { grep '"route"' "$1" | while read -r line; do field "$line" kind; done | paste -sd' ' || true; }
# route_holds ROUTES EXPECTED: the last route is EXPECTED, and once direct, it stayed direct.
route_holds() { [[ ${1##* } == "$2" && $1 != *direct*relayed* ]]; }

verdict() { # name ok(0/1) detail
  if [[ $2 == 0 ]]; then echo "PASS $1: $3"; else echo "FAIL $1: $3"; failures=$((failures + 1)); fi
}

lan_discovery() {
  NAT_MODE=home "$here/topology.sh" up >/dev/null
  in_ns a "$PROBE" lan-host >"$work/lan-host.log" 2>"$work/lan-host.err" &
  if ! wait_for "$work/lan-host.log" '"hosting"' 20 >/dev/null; then
    verdict "mdns" 1 "the LAN host did not start: $(cat "$work/lan-host.err")"; return
  fi
  local line
  timeout 40 ip netns exec lnt-a2 "$PROBE" lan-seek >"$work/lan-seek.log" 2>"$work/lan-seek.err" || true
  line=$(grep -m1 '"table_found"' "$work/lan-seek.log" || true)
  if [[ -z $line ]]; then
    verdict "mdns" 1 "no table found: $(cat "$work/lan-seek.log")"
  else
    local ms; ms=$(field "$line" ms)
    verdict "mdns" $((ms > 2000)) "LAN table visible after ${ms} ms (target <= 2000 ms)"
  fi
  "$here/topology.sh" down
}

join_by_code() { # nat-mode transport(tcp/quic-v1) expect-direct(true/false) kib
  local mode=$1 transport=$2 expect=$3 kib=$4 name="code-join/$1/$2"
  NAT_MODE=$mode "$here/topology.sh" up >/dev/null
  in_ns relay env LUDOPIA_HOME="$work/home-relay" "$LUDOPIA" relay --listen "/ip4/$RELAY_IP/tcp/4001" --listen "/ip4/$RELAY_IP/udp/4001/quic-v1" \
    >"$work/relay-$mode-$transport.log" 2>"$work/relay-$mode-$transport.err" &
  local line relay_addr
  if ! line=$(wait_for "$work/relay-$mode-$transport.log" "\"listening\".*/$transport/" 20); then
    verdict "$name" 1 "the relay did not start: $(cat "$work/relay-$mode-$transport.err")"; "$here/topology.sh" down; return
  fi
  relay_addr=$(field "$line" addr)
  in_ns b "$PROBE" code-host "$relay_addr" "$CODE" >"$work/host-$mode-$transport.log" 2>&1 &
  if ! wait_for "$work/host-$mode-$transport.log" '"registered"' 30 >/dev/null; then
    verdict "$name" 1 "the host did not register its code: $(cat "$work/host-$mode-$transport.log")"
    "$here/topology.sh" down; return
  fi
  timeout 90 ip netns exec lnt-a "$PROBE" code-join "$relay_addr" "$CODE" "$kib" \
    >"$work/join-$mode-$transport.log" 2>&1 || true
  local joined route sent
  joined=$(grep -m1 '"joined"' "$work/join-$mode-$transport.log" || true)
  route=$(grep -m1 '"route"' "$work/join-$mode-$transport.log" || true)
  sent=$(grep -m1 '"sent"' "$work/join-$mode-$transport.log" || true)
  if [[ -z $joined || -z $route || -z $sent ]]; then
    verdict "$name" 1 "$(cat "$work/join-$mode-$transport.log")"
  else
    local direct; direct=$(field "$route" direct)
    verdict "$name" "$([[ $direct == "$expect" ]]; echo $?)" \
      "joined by code in $(field "$joined" ms) ms (target <= 5000 ms), direct=$direct (expected $expect), $(field "$sent" kib) KiB of intents echoed in $(field "$sent" ms) ms"
  fi
  "$here/topology.sh" down
}

game_by_code() { # nat-mode relay(game/standard) route(direct/relayed): a headless host with bots and a headless guest finish a race game
  local mode=$1 limits=$2 expect=$3 name="game/$1/$2-limits" code=GAMEAB
  NAT_MODE=$mode "$here/topology.sh" up >/dev/null
  if [[ $limits == game ]]; then
    in_ns relay env LUDOPIA_HOME="$work/home-grelay-$mode" "$LUDOPIA" relay --listen "/ip4/$RELAY_IP/tcp/4001" >"$work/grelay-$mode.log" 2>&1 &
  else
    # The limits public libp2p relays use: 2 minutes and 128 KiB a circuit.
    in_ns relay "$PROBE" std-relay "/ip4/$RELAY_IP/tcp/4001" >"$work/grelay-$mode.log" 2>&1 &
  fi
  local line relay_addr
  if ! line=$(wait_for "$work/grelay-$mode.log" '"listening".*/tcp/' 20); then
    verdict "$name" 1 "the relay did not start: $(cat "$work/grelay-$mode.log")"; "$here/topology.sh" down; return
  fi
  relay_addr=$(field "$line" addr)
  in_ns b env LUDOPIA_HOME="$work/home-ghost-$mode" timeout 300 "$LUDOPIA" host --headless --preset race --bots 2 --code "$code" --relay "$relay_addr" \
    >"$work/ghost-$mode.log" 2>"$work/ghost-$mode.err" &
  local host_pid=$!
  if ! wait_for "$work/grelay-$mode.log" "\"code_registered\".*$code" 30 >/dev/null; then
    verdict "$name" 1 "the host did not register its code: $(cat "$work/ghost-$mode.err")"
    "$here/topology.sh" down; return
  fi
  local start=$SECONDS guest_rc=0 host_rc=0 began joined_ms=none
  began=$(date +%s%N)
  timeout 300 ip netns exec lnt-a env LUDOPIA_HOME="$work/home-gjoin-$mode" "$LUDOPIA" join --headless "$code" --relay "$relay_addr" \
    >"$work/gjoin-$mode.log" 2>"$work/gjoin-$mode.err" &
  local guest_pid=$!
  # The code is looked up at the relay as soon as the joiner's link to it
  # is up, not after the public network (unreachable here) gives up.
  if wait_for "$work/gjoin-$mode.log" '"joined"' 60 >/dev/null; then
    joined_ms=$((($(date +%s%N) - began) / 1000000))
  fi
  wait "$guest_pid" || guest_rc=$?
  wait "$host_pid" || host_rc=$?
  local host_over guest_over entries circuits elections reconnects routes
  host_over=$(grep '"over"' "$work/ghost-$mode.log" | tail -1 || true)
  guest_over=$(grep '"over"' "$work/gjoin-$mode.log" | tail -1 || true)
  entries=$(grep -c '"entry"' "$work/gjoin-$mode.log" || true)
  circuits=$(grep -c '"circuit"' "$work/grelay-$mode.log" || true)
  elections=$(grep -c '"host_changed"' "$work/gjoin-$mode.log" || true)
  # Through the public limits, circuits are renewed before the relay cuts
  # them: without renewal the guest loses its host at each of them (6 times
  # a game); a loaded machine may miss one renewal.
  reconnects=$(grep -c '"reconnected"' "$work/gjoin-$mode.log" || true)
  local cut=0
  [[ $limits == standard ]] && ((reconnects > 1)) && cut=1
  routes=$(routes_of "$work/gjoin-$mode.log")
  if ((guest_rc != 0 || host_rc != 0 || elections != 0 || cut != 0)) || [[ -z $guest_over || $guest_over != "$host_over" || $joined_ms == none ]] || ((joined_ms > 5000)) || ! route_holds "$routes" "$expect"; then
    verdict "$name" 1 "guest exit $guest_rc, host exit $host_rc, joined after $joined_ms ms (target <= 5000 ms), $elections election(s), $reconnects reconnection(s), routes: $routes (expected $expect to the end); guest: $(tail -3 "$work/gjoin-$mode.log") $(cat "$work/gjoin-$mode.err"); host: $host_over"
  else
    verdict "$name" 0 "joined by code through the relay $joined_ms ms after the command (target <= 5000 ms); a race game of $entries verified entries played to the end in $((SECONDS - start)) s through $circuits relay circuit(s), $reconnects reconnection(s), routes: $routes, no election; both ends: $guest_over"
  fi
  "$here/topology.sh" down
}

lan_code() { # a joiner on the host's LAN finds its table by room code from mDNS, while its
  # lookups on the public network (unreachable here) are still under way, and a LAN peer
  # that mDNS lists but that cannot be reached (its ports drop everything, as a window's
  # just-closed lobby node) does not hold the table up
  local name=lan-code code=LANCDE
  NAT_MODE=home "$here/topology.sh" up >/dev/null
  in_ns a2 nft add table inet decoy
  in_ns a2 nft add chain inet decoy input '{ type filter hook input priority 0; }'
  in_ns a2 nft add rule inet decoy input tcp dport 4999 drop
  in_ns a2 nft add rule inet decoy input udp dport 4999 drop
  in_ns a2 env LUDOPIA_HOME="$work/home-ldecoy" timeout 120 "$LUDOPIA" host --headless --preset race --bots 2 --code DECOYS \
    --listen /ip4/0.0.0.0/tcp/4999 --listen /ip4/0.0.0.0/udp/4999/quic-v1 >"$work/ldecoy.log" 2>"$work/ldecoy.err" &
  in_ns a env LUDOPIA_HOME="$work/home-lhost" timeout 120 "$LUDOPIA" host --headless --preset race --bots 2 --code "$code" \
    >"$work/lhost.log" 2>"$work/lhost.err" &
  if ! wait_for "$work/lhost.log" '"listening"' 20 >/dev/null; then
    verdict "$name" 1 "the host did not start: $(cat "$work/lhost.err")"; "$here/topology.sh" down; return
  fi
  local began joined_ms=none
  began=$(date +%s%N)
  timeout 120 ip netns exec lnt-a2 env LUDOPIA_HOME="$work/home-ljoin" "$LUDOPIA" join --headless "$code" \
    >"$work/ljoin.log" 2>"$work/ljoin.err" &
  if wait_for "$work/ljoin.log" '"joined"' 60 >/dev/null; then
    joined_ms=$((($(date +%s%N) - began) / 1000000))
  fi
  local entry; entry=$(wait_for "$work/ljoin.log" '"entry"' 20 || true)
  if [[ $joined_ms == none || -z $entry ]] || ((joined_ms > 3000)); then
    verdict "$name" 1 "joined after $joined_ms ms (target <= 3000 ms); the game began: ${entry:+yes}; joiner: $(tail -2 "$work/ljoin.err")"
  else
    verdict "$name" 0 "joined by code on the LAN $joined_ms ms after the command (target <= 3000 ms), the public network unreachable, an unreachable LAN peer listed too ($(grep -c '"listening"' "$work/ldecoy.log") decoy up); the game began"
  fi
  "$here/topology.sh" down
}

# A stock js-libp2p peer (tests/interop/js: libp2p 2.x, its Kademlia DHT in
# server mode and its circuit relay v2 server at default limits) on the
# "internet": installed once from the npm registry (pinned by the lock).
js_peer() {
  local dir=$root/tests/interop/js
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "js-libp2p scenario skipped: node and npm are missing (apt-get install nodejs npm)"; return 1
  fi
  if [[ ! -d $dir/node_modules ]] && ! (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >&2); then
    echo "js-libp2p scenario skipped: npm could not install the pinned packages"; return 1
  fi
  echo "$dir/node.mjs"
}

js_game() { # nat-mode route(direct/relayed): a whole game by room code with only the js peer given (--bootstrap): its DHT finds the table, its relay reaches the host
  local mode=$1 expect=$2 name="js-peer/$1" code=JSGAME js
  js=$(js_peer) || { echo "$js"; return; }
  NAT_MODE=$mode "$here/topology.sh" up >/dev/null
  in_ns relay node "$js" "/ip4/$RELAY_IP/tcp/4002" >"$work/js-$mode.log" 2>"$work/js-$mode.err" &
  local line js_addr
  if ! line=$(wait_for "$work/js-$mode.log" '"peer"' 30); then
    verdict "$name" 1 "the js peer did not start: $(cat "$work/js-$mode.err")"; "$here/topology.sh" down; return
  fi
  js_addr="/ip4/$RELAY_IP/tcp/4002/p2p/$(field "$line" peer)"
  in_ns b env LUDOPIA_HOME="$work/home-jhost-$mode" timeout 300 "$LUDOPIA" host --headless --preset race --bots 2 --code "$code" --bootstrap "$js_addr" \
    >"$work/jhost-$mode.log" 2>"$work/jhost-$mode.err" &
  local host_pid=$!
  # The host's ticket holds a relayed address once the js relay reserved it a slot.
  if ! wait_for "$work/jhost-$mode.log" 'p2p-circuit\|"listening".*ludo1' 30 >/dev/null; then
    verdict "$name" 1 "the host did not start: $(cat "$work/jhost-$mode.err")"; "$here/topology.sh" down; return
  fi
  sleep 3
  local start=$SECONDS guest_rc=0 host_rc=0 began joined_ms=none
  began=$(date +%s%N)
  timeout 300 ip netns exec lnt-a env LUDOPIA_HOME="$work/home-jjoin-$mode" "$LUDOPIA" join --headless "$code" --bootstrap "$js_addr" \
    >"$work/jjoin-$mode.log" 2>"$work/jjoin-$mode.err" &
  local guest_pid=$!
  if wait_for "$work/jjoin-$mode.log" '"joined"' 60 >/dev/null; then
    joined_ms=$((($(date +%s%N) - began) / 1000000))
  fi
  wait "$guest_pid" || guest_rc=$?
  wait "$host_pid" || host_rc=$?
  local host_over guest_over entries host_entries elections joined routes
  host_over=$(grep '"over"' "$work/jhost-$mode.log" | tail -1 || true)
  guest_over=$(grep '"over"' "$work/jjoin-$mode.log" | tail -1 || true)
  entries=$(grep -c '"event":"entry"' "$work/jjoin-$mode.log" || true)
  host_entries=$(grep -c '"event":"entry"' "$work/jhost-$mode.log" || true)
  elections=$(grep -c '"host_changed"' "$work/jjoin-$mode.log" || true)
  joined=$(grep -m1 '"joined"' "$work/jjoin-$mode.log" || true)
  routes=$(routes_of "$work/jjoin-$mode.log")
  if ((guest_rc != 0 || host_rc != 0 || elections != 0 || entries != host_entries)) || [[ -z $joined || -z $guest_over || $guest_over != "$host_over" ]] || ! route_holds "$routes" "$expect"; then
    verdict "$name" 1 "guest exit $guest_rc, host exit $host_rc, $elections election(s), $entries of the host's $host_entries entries, routes: $routes (expected $expect to the end); guest: $(tail -3 "$work/jjoin-$mode.log") $(tail -5 "$work/jjoin-$mode.err"); host: $host_over $(tail -5 "$work/jhost-$mode.err")"
  else
    verdict "$name" 0 "found by code on the js peer's DHT and reached through its relay: joined ${joined_ms} ms after the command (target <= 10000 ms); a race game of $entries verified entries in $((SECONDS - start)) s, routes: $routes, no election; both ends: $guest_over"
  fi
  "$here/topology.sh" down
}

# A host behind a home router that forwards ports on request (UPnP IGD,
# miniupnpd), a joiner behind a symmetric NAT: hole punching cannot work,
# yet the joiner reaches the host directly at the port its router mapped.
upnp_game() {
  local name="upnp/symmetric" code=UPNPGM
  if ! command -v miniupnpd >/dev/null; then
    echo "SKIP $name: miniupnpd is missing (apt-get install miniupnpd-nftables)"; return
  fi
  NAT_MODE=symmetric UPNP=1 UPNP_LOG="$work/miniupnpd.log" "$here/topology.sh" up >/dev/null
  local relay_ip=11.0.0.10 line relay_addr
  in_ns relay env LUDOPIA_HOME="$work/home-urelay" "$LUDOPIA" relay --listen "/ip4/$relay_ip/tcp/4001" >"$work/urelay.log" 2>&1 &
  if ! line=$(wait_for "$work/urelay.log" '"listening".*/tcp/' 20); then
    verdict "$name" 1 "the relay did not start: $(cat "$work/urelay.log")"; "$here/topology.sh" down; return
  fi
  relay_addr=$(field "$line" addr)
  in_ns b env LUDOPIA_HOME="$work/home-uhost" LUDOPIA_LOG=ludopia=info timeout 300 "$LUDOPIA" host --headless --preset race --bots 2 --code "$code" --relay "$relay_addr" \
    >"$work/uhost.log" 2>"$work/uhost.err" &
  local host_pid=$!
  if ! wait_for "$work/uhost.err" 'the router forwards a port to us' 30 >/dev/null; then
    verdict "$name" 1 "the router mapped no port: $(tail -5 "$work/uhost.err") $(tail -5 "$work/miniupnpd.log")"
    "$here/topology.sh" down; return
  fi
  local start=$SECONDS guest_rc=0 host_rc=0
  timeout 300 ip netns exec lnt-a env LUDOPIA_HOME="$work/home-ujoin" "$LUDOPIA" join --headless "$code" --relay "$relay_addr" \
    >"$work/ujoin.log" 2>"$work/ujoin.err" || guest_rc=$?
  wait "$host_pid" || host_rc=$?
  local host_over guest_over entries route
  host_over=$(grep '"over"' "$work/uhost.log" | tail -1 || true)
  guest_over=$(grep '"over"' "$work/ujoin.log" | tail -1 || true)
  entries=$(grep -c '"entry"' "$work/ujoin.log" || true)
  route=$(grep '"route"' "$work/ujoin.log" | tail -1 || true)
  if ((guest_rc != 0 || host_rc != 0)) || [[ -z $guest_over || $guest_over != "$host_over" || $(field "$route" kind) != direct || $(field "$route" via) != /ip4/11.0.0.3/* ]]; then
    verdict "$name" 1 "guest exit $guest_rc, host exit $host_rc, route: $route; guest: $(tail -3 "$work/ujoin.log") $(cat "$work/ujoin.err"); host: $host_over"
  else
    verdict "$name" 0 "reached directly at the router's mapped port ($(field "$route" via)) in $((SECONDS - start)) s, a race game of $entries verified entries; both ends: $guest_over"
  fi
  "$here/topology.sh" down
}

# ONLY=WORD runs the scenarios whose command line holds WORD (e.g. ONLY=js_game).
run() { if [[ -z ${ONLY:-} || "$*" == *"$ONLY"* ]]; then "$@"; fi; }
run lan_discovery
run lan_code
run join_by_code home tcp true 64
run join_by_code home quic-v1 true 64
run join_by_code symmetric tcp false 512
run game_by_code home game direct
run game_by_code symmetric game relayed
run game_by_code symmetric standard relayed
run js_game home direct
run js_game symmetric relayed
run upnp_game

if ((failures > 0)); then
  echo "netns tests: $failures scenario(s) failed (logs kept in $work)"
  exit 1
fi
echo "netns tests: all scenarios passed"
