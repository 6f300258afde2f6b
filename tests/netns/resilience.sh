#!/usr/bin/env bash
# Networked games that survive what real networks and people do, each on a
# small LAN of its own in network namespaces, all scenarios at once:
#   cut-10, cut-60  a host and two guests; one guest's link to the host is cut
#                   for 10 s (and 60 s) while the other links stay up: every
#                   peer ends with the same places, the cut guest never elects
#                   or hosts, and it holds the table's head within 2 s of the
#                   link coming back (reported);
#   cut-join        a host and two guests; the first guest's link to the
#                   host is cut for 10 s from just before the second joins,
#                   so the genesis to sign is lost on the way and the host
#                   closes the connection: the first guest keeps its seat
#                   (no `left`), signs when the link is back, and all three
#                   end with the same places;
#   cut-host        a host and two guests; the host's links to both guests
#                   are cut for 8 s: the guests elect one of them (it takes
#                   them 4-5 s: 3 s unheard, then a beat of votes) and finish
#                   the game while the host plays on alone; back, the host
#                   steps down, drops its branch, takes the elected host's
#                   log and ends with the same places as both guests;
#   cut-twice       a host and two guests, the second thinking 45 s before
#                   its first act so that the game waits: the host's links
#                   are cut for 8 s (the guests elect the first guest, and
#                   the host, back, follows it), then the elected host's
#                   (the creator and the other guest elect the creator
#                   again, epoch 2); all three end with the same places;
#   cut-behind      a host and two guests; the first guest is cut off from
#                   both; once the other holds 40 entries more, the host's
#                   program stops, and a second later the link comes back: the guests elect the one whose log is
#                   longer (the other is more than a vote's 16-entry tail
#                   behind), nobody drops a move, both end with one set of
#                   places;
#   cut-elected     a host and two guests; the host is cut off until the
#                   guests have elected the first guest (the host, back,
#                   follows it), then at once that elected host until the
#                   other two have elected again and finished, and 14 s
#                   more, long enough for it to give its lost guests' seats
#                   to bots (15 s) and play its own branch on: back, it
#                   drops its branch (in about half the runs: in the rest
#                   the game is over before the second cut, or its branch
#                   is still empty) and all three end with the same places;
#   cut-overlap     a host and two guests; the host is cut off for 6 s and,
#                   the moment the guests have elected the first guest, that
#                   guest too for 6 s (the cuts overlap): all three end with
#                   the same places;
#   blips           a host and two guests; one guest's link to the host goes
#                   down for 1 s ten times: the same places everywhere,
#                   nobody elects;
#   lossy-3         a host and two guests, each peer dropping 3% of its
#                   packets each way at random from entry 30 to the end:
#                   the same places everywhere, nobody elects (the game's
#                   length is reported);
#   split-30        a host and one guest cut from each other both ways for
#                   30 s, then joined again: both report the same places;
#   split-14        the same for 14 s, less than the guest waits before it
#                   takes a two-peer table over: it never does;
#   split-four      a host and three guests split two and two (the host
#                   and the first guest on one side) for 20 s: the two cut
#                   off from the host are too few to elect and wait; all
#                   four end with the same places;
#   think-150       a private table with no timer whose joiner thinks 150 s
#                   before its first act: everyone stays and the game ends;
#   reset-one       a host and a guest on one LAN (both dial after mDNS): one
#                   of their TCP connections is answered with RST while any
#                   other stays up: the table does not freeze, the guest gets
#                   what it missed, and nobody elects;
#   rolling-cuts    a host and two guests; each peer in turn, the host
#                   first, is cut off from the other two for 4 s, twice
#                   round (longer than the 3 s after which a guest counts
#                   its host lost): the same places everywhere;
#   rolling-four    the same with a host and three guests, each of the four
#                   cut off in turn: the same places at all four.
# In every scenario the host is honest: a guest that reports evidence
# against it (a roll held back, say, for a link that was down) fails it.
# Root, iproute2 and nftables are needed (skips otherwise). Exit 1 if any fails.
#
# Env: LUDOPIA (the binary; target/debug/ludopia by default), KEEP=1 keeps logs,
# ONLY=NAME runs that scenario alone (cut-join, say).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
LUDOPIA=${LUDOPIA:-${CARGO_TARGET_DIR:-$root/target}/debug/ludopia}

if [[ $(id -u) != 0 ]]; then
  echo "resilience tests skipped: they need root to create network namespaces"
  exit 0
fi
for tool in ip nft timeout python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "resilience tests skipped: '$tool' is missing"
    exit 0
  fi
done

work=$(mktemp -d)

# lan TAG N: a bridge and N peers lrs-TAG-p1 .. pN at 10.77.X.1 .. N.
lan() {
  local tag=$1 n=$2 net=$3
  ip netns add "lrs-$tag-sw"
  ip -n "lrs-$tag-sw" link add br0 type bridge
  ip -n "lrs-$tag-sw" link set br0 up
  for ((i = 1; i <= n; i++)); do
    ip netns add "lrs-$tag-p$i"
    ip link add "lrs$tag$i" netns "lrs-$tag-p$i" type veth peer name "port$i" netns "lrs-$tag-sw"
    ip -n "lrs-$tag-sw" link set "port$i" master br0 up
    ip -n "lrs-$tag-p$i" addr add "10.77.$net.$i/24" dev "lrs$tag$i"
    ip -n "lrs-$tag-p$i" link set "lrs$tag$i" up
    ip -n "lrs-$tag-p$i" link set lo up
  done
}

teardown() {
  for ns in $(ip netns list | awk '{print $1}' | grep '^lrs-' || true); do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
    ip netns del "$ns" 2>/dev/null || true
  done
}
trap 'teardown; [[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
teardown

# Stamps each line with the time it came (seconds, to the millisecond).
stamp() { python3 -u -c 'import sys, time
for line in sys.stdin: print(f"{time.time():.3f} {line}", end="", flush=True)'; }

# run TAG PEER NAME ARGS...: a ludopia process in a peer's namespace, with a
# profile of its own; its lines (stamped) go to $work/TAG-NAME.log.
run() {
  local tag=$1 peer=$2 name=$3
  shift 3
  # (The shell's own word that a program was killed, on purpose, goes nowhere.)
  { ip netns exec "lrs-$tag-$peer" env LUDOPIA_HOME="$work/home-$tag-$name" timeout 400 "$LUDOPIA" "$@" \
    2>"$work/$tag-$name.err" | stamp >"$work/$tag-$name.log"; } 2>/dev/null
}

# wait_for FILE PATTERN SECONDS: waits for a line; prints it.
wait_for() {
  local file=$1 pattern=$2 tries=$(($3 * 10))
  for ((i = 0; i < tries; i++)); do
    if grep -m1 -- "$pattern" "$file" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  return 1
}

# The ticket of a host's listening line, and the newest entry number in a log.
# (Empty when there is none: a scenario that fails goes on to its verdict.)
ticket_of() { sed -n 's/.*"ticket":"\([^"]*\)".*/\1/p' "$1" | head -1; }
head_of() { { grep -o '"seq":[0-9]*' "$1" || true; } | tail -1 | cut -d: -f2; }
places_of() { { grep '"over"' "$1" || true; } | tail -1 | sed 's/^[0-9.]* //'; }

# drop NS TABLE IN OUT: a table of the namespace's own whose rules drop the
# packets coming in that match IN and those going out that match OUT (each
# split into nft's words).
drop() {
  local ns=$1 table=$2
  ip netns exec "$ns" nft add table inet "$table"
  ip netns exec "$ns" nft add chain inet "$table" in '{ type filter hook input priority 0; }'
  ip netns exec "$ns" nft add chain inet "$table" out '{ type filter hook output priority 0; }'
  ip netns exec "$ns" nft add rule inet "$table" in $3 counter drop
  ip netns exec "$ns" nft add rule inet "$table" out $4 counter drop
}

# sever NS PEER-IPS on|off: drops everything between a namespace and one
# address (or several, comma-separated). A table per address list, so that
# cuts that overlap end each on its own.
sever() {
  local ns=$1 ip=$2 table="lrs${2//[^0-9]/_}"
  if [[ $3 == on ]]; then
    drop "$ns" "$table" "ip saddr { $ip }" "ip daddr { $ip }"
  else
    ip netns exec "$ns" nft delete table inet "$table"
  fi
}

# lose PCT NS: from now on, drops PCT% of the packets to and from a
# namespace's peers at random (a poor wireless link; the kernel here has
# no netem).
lose() {
  drop "$2" lrsloss "iifname != lo numgen random mod 100 < $1" "oifname != lo numgen random mod 100 < $1"
}

# cut_off TAG NET K N on|off: cuts peer pK of a LAN of N off from the
# others (each of them drops everything to and from it), or joins it again.
cut_off() {
  local p
  for ((p = 1; p <= $4; p++)); do [[ $p == "$3" ]] || sever "lrs-$1-p$p" "10.77.$2.$3" "$5"; done
}

# isolate TAG NET K SECS [N]: peer pK of a LAN of N (three unless given)
# cut off from the others for SECS seconds.
isolate() {
  cut_off "$1" "$2" "$3" "${5:-3}" on
  sleep "$4"
  cut_off "$1" "$2" "$3" "${5:-3}" off
}

# isolate_until TAG NET K FILE PATTERN SECS [AFTER]: peer pK of a LAN of
# three cut off from the others until FILE holds PATTERN (SECS at most),
# and AFTER seconds more. Fails if it never does.
isolate_until() {
  local ok=0
  cut_off "$1" "$2" "$3" 3 on
  if wait_for "$4" "$5" "$6" >/dev/null; then sleep "${7:-0}"; else ok=1; fi
  cut_off "$1" "$2" "$3" 3 off
  return $ok
}

# now: this moment in the log lines' stamps (seconds, to the millisecond).
now() { python3 -c 'import time; print(f"{time.time():.3f}")'; }

verdict() { # name ok(0/1) detail
  if [[ $2 == 0 ]]; then echo "PASS $1: $3"; else echo "FAIL $1: $3"; fi
  echo "$2" >"$work/$1.verdict"
}

# host_of TAG NET [PRESET] [PEERS]: a LAN of PEERS (three unless given)
# and, on its first peer, a table (race unless PRESET) with a seat for each
# other peer and bots in the rest; sets $ticket, or fails with $why.
host_of() {
  local tag=$1 net=$2 preset=${3:-race} peers=${4:-3}
  lan "$tag" "$peers" "$net"
  run "$tag" p1 host host --headless --preset "$preset" --bots $((4 - peers)) --listen "/ip4/10.77.$net.1/tcp/4001" &
  if ! wait_for "$work/$tag-host.log" '"listening"' 20 >/dev/null; then
    why="the host did not start: $(cat "$work/$tag-host.err")"; return 1
  fi
  ticket=$(ticket_of "$work/$tag-host.log")
}

# join_from TAG NET PEER NAME: an easy bot joins the table of $ticket.
join_from() {
  local tag=$1 net=$2 peer=$3
  run "$tag" "$peer" "$4" join --headless "$ticket" --bot easy --listen "/ip4/10.77.$net.${peer#p}/tcp/4001" &
}

# seated TAG N: waits (up to 20 s) until TAG's host has seated N guests. A
# joiner takes the first free seat and the succession follows the seats, so
# each guest joins once the one before it is seated: on a loaded machine a
# later joiner could otherwise reach the host first and take the seat
# (and the place in the succession) a scenario means for the other.
seated() {
  local i
  for ((i = 0; i < 200; i++)); do
    (($(grep -c '"joined"' "$work/$1-host.log" 2>/dev/null || true) >= $2)) && return 0
    sleep 0.1
  done
  return 1
}

# agree TAG CUT [PEERS]: sets $h to the host's places; sets $bad and adds to
# $why unless every guest of a table of PEERS (three unless given) ends with
# them (with the last lines of CUT's log), and if any accused the host.
agree() {
  local tag=$1 cut=$2 peers=${3:-3} g places="" logs=()
  h=$(places_of "$work/$tag-host.log")
  local same=${h:+1}
  for ((g = 1; g < peers; g++)); do
    logs+=("$work/$tag-g$g.log")
    local theirs; theirs=$(places_of "$work/$tag-g$g.log")
    places="$places, g$g $theirs"
    [[ $theirs == "$h" ]] || same=""
  done
  [[ -n $same ]] || { bad=1; why="places differ: host $h$places; $(tail -3 "$work/$tag-$cut.err")"; }
  if grep -q '"evidence"' "${logs[@]}"; then
    bad=1; why="$why; an honest host was accused: $(grep -h '"evidence"' "${logs[@]}" | head -1)"
  fi
}

# playing TAG NET [PRESET] [PEERS]: host_of and every guest in (g1, g2, ..),
# the game past entry 30; fails with $why.
playing() {
  local tag=$1 net=$2 peers=${4:-3} g
  host_of "$tag" "$net" "${3:-race}" "$peers" || return 1
  for ((g = 1; g < peers; g++)); do
    if ! seated "$tag" $((g - 1)); then
      why="guest $((g - 1)) was not seated: $(cat "$work/$tag-g$((g - 1)).err")"; return 1
    fi
    join_from "$tag" "$net" "p$((g + 1))" "g$g"
  done
  local last="$work/$tag-g$((peers - 1)).log"
  if ! wait_for "$last" '"seq":30,' 60 >/dev/null; then
    why="the game did not get going: $(tail -2 "$last") $(cat "${last%.log}.err")"; return 1
  fi
}

cut_guest() { # seconds net
  local secs=$1 net=$2 tag="c$1" name="cut-$1" ticket why="" bad=0 h
  if ! playing "$tag" "$net"; then
    verdict "$name" 1 "$why"; return
  fi
  sever "lrs-$tag-p3" "10.77.$net.1" on
  sleep "$secs"
  local host_head; host_head=$(head_of "$work/$tag-host.log")
  local back_at; back_at=$(now)
  sever "lrs-$tag-p3" "10.77.$net.1" off
  wait
  agree "$tag" g2
  if grep -q '"host_changed"' "$work/$tag-g2.log"; then bad=1; why="$why; the cut guest elected"; fi
  # When the cut guest held the host's head at the moment the link came back.
  local caught; caught=$(awk -v t="$back_at" -v s="$host_head" '
    { if (match($0, /"seq":[0-9]+/)) { n = substr($0, RSTART + 6, RLENGTH - 6) + 0; if ($1 >= t && n >= s) { printf "%.2f", $1 - t; exit } }
      if ($0 ~ /"over"/ && $1 >= t) { printf "%.2f", $1 - t; exit } }' "$work/$tag-g2.log")
  local waited; waited=$(grep -c '"waiting"' "$work/$tag-g2.log" || true)
  verdict "$name" "$bad" "${why:-same places at all three ($h); the cut guest said waiting $waited time(s), never elected, and was back at the head of the log ${caught:-?} s after the link came back (target <= 2 s)}"
}

cut_join() { # net
  local net=$1 tag=j name=cut-join ticket why="" bad=0 h
  if ! host_of "$tag" "$net"; then
    verdict "$name" 1 "$why"; return
  fi
  join_from "$tag" "$net" p2 g1
  if ! wait_for "$work/$tag-g1.log" '"joined"' 20 >/dev/null; then
    verdict "$name" 1 "the first guest did not join: $(cat "$work/$tag-g1.err")"; return
  fi
  sever "lrs-$tag-p2" "10.77.$net.1" on
  join_from "$tag" "$net" p3 g2
  sleep 10
  sever "lrs-$tag-p2" "10.77.$net.1" off
  wait
  agree "$tag" g1
  if grep -q '"left"' "$work/$tag-host.log"; then bad=1; why="$why; the host gave the cut guest's seat away"; fi
  # The draw waits for the links from the seal on, not from the genesis.
  if grep -m1 '"entry"' "$work/$tag-host.log" | grep -q '"missed"'; then bad=1; why="$why; the draw left a link out"; fi
  local began; began=$(awk '/"entry"/ { print $1; exit }' "$work/$tag-host.log")
  local joined; joined=$(awk '/"joined"/ { t = $1 } END { print t }' "$work/$tag-host.log")
  local delay; delay=$(awk -v a="$began" -v b="$joined" 'BEGIN { if (a != "" && b != "") printf "%.1f", a - b; else print "?" }')
  verdict "$name" "$bad" "${why:-same places at all three ($h); the cut guest kept its seat and the game began $delay s after the second guest joined (the link was down for 10 s)}"
}

cut_host() { # net
  local net=$1 tag=h name=cut-host ticket why="" bad=0 h
  if ! playing "$tag" "$net"; then
    verdict "$name" 1 "$why"; return
  fi
  local cut_at; cut_at=$(now)
  isolate "$tag" "$net" 1 8
  wait
  agree "$tag" host
  # Seconds from the cut to the guests' hand-over.
  local elected; elected=$(awk -v t="$cut_at" '/"host_changed"/ { printf "%.1f", $1 - t; exit }' "$work/$tag-g1.log")
  if [[ -z $elected ]]; then bad=1; why="$why; the guests did not elect"; fi
  local dropped; dropped=$(grep -h '"branch_dropped"' "$work/$tag-host.log" | sed 's/^[0-9.]* //' | head -1 || true)
  verdict "$name" "$bad" "${why:-same places at all three ($h); the guests elected $elected s into the 8 s cut; the host came back to the log of the elected host: ${dropped:-no branch to drop}}"
}

cut_twice() { # net
  local net=$1 tag=w name=cut-twice ticket why="" bad=0 h
  if ! host_of "$tag" "$net"; then
    verdict "$name" 1 "$why"; return
  fi
  join_from "$tag" "$net" p2 g1
  if ! seated "$tag" 1; then
    verdict "$name" 1 "the first guest was not seated: $(cat "$work/$tag-g1.err")"; return
  fi
  run "$tag" p3 g2 join --headless "$ticket" --bot easy --think 45 --listen "/ip4/10.77.$net.3/tcp/4001" &
  if ! wait_for "$work/$tag-g2.log" '"entry"' 30 >/dev/null; then
    verdict "$name" 1 "the game did not begin: $(tail -2 "$work/$tag-g2.err")"; return
  fi
  sleep 1
  isolate "$tag" "$net" 1 8
  # The creator, back, follows the host its guests elected.
  if ! wait_for "$work/$tag-host.log" '"host_changed"' 15 >/dev/null; then
    bad=1; why="the creator did not follow the elected host"
  fi
  sleep 1
  local cut_at; cut_at=$(now)
  isolate "$tag" "$net" 2 8
  wait
  agree "$tag" g2
  local epochs; epochs=$(grep -o '"host_changed","epoch":[0-9]*,"colour":"[a-z]*"' "$work/$tag-g2.log" | sed 's/.*"epoch":\([0-9]*\),"colour":"\([a-z]*\)"/\1 \2/' | paste -sd, -)
  local again; again=$(awk -v t="$cut_at" '/"host_changed","epoch":2/ { printf "%.1f", $1 - t; exit }' "$work/$tag-g2.log")
  if [[ -z $again ]]; then bad=1; why="$why; no second election while the elected host was cut (hosts the other guest followed: ${epochs:-none})"; fi
  verdict "$name" "$bad" "${why:-same places at all three ($h); hosts the other guest followed, by term: $epochs; the second election came $again s into the second cut}"
}

cut_behind() { # net
  local net=$1 tag=b name=cut-behind ticket why="" bad=0
  # A classic game: still under way when the host's program stops.
  if ! playing "$tag" "$net" classic; then
    verdict "$name" 1 "$why"; return
  fi
  # The first guest (first in the succession after the host) is cut off
  # from everyone while the game goes on; then the host's program stops.
  # The host waits for the cut guest's move or dice link (up to 15 s, then
  # a stand-in plays its seat); it stops once the other guest holds 40
  # entries more.
  cut_off "$tag" "$net" 2 3 on
  local i
  for ((i = 0; i < 300; i++)); do
    (($(head_of "$work/$tag-g2.log") - $(head_of "$work/$tag-g1.log") > 40)) && break
    sleep 0.1
  done
  ip netns pids "lrs-$tag-p1" | xargs -r kill -9
  sleep 1
  local g1_head g2_head; g1_head=$(head_of "$work/$tag-g1.log"); g2_head=$(head_of "$work/$tag-g2.log")
  cut_off "$tag" "$net" 2 3 off
  wait
  local g1 g2 lag=$((${g2_head:-0} - ${g1_head:-0}))
  g1=$(places_of "$work/$tag-g1.log"); g2=$(places_of "$work/$tag-g2.log")
  [[ -n $g1 && $g1 == "$g2" ]] || { bad=1; why="places differ: g1 $g1, g2 $g2; $(tail -3 "$work/$tag-g1.err")"; }
  # Further behind than a vote's tail reaches, or the scenario proves nothing.
  ((lag > 16)) || { bad=1; why="$why; the cut guest was only $lag entries behind"; }
  local dropped; dropped=$(grep -h '"branch_dropped"' "$work/$tag-g1.log" "$work/$tag-g2.log" | sed 's/^[0-9.]* //' | head -1 || true)
  [[ -z $dropped ]] || { bad=1; why="$why; moves were lost: $dropped"; }
  local elected; elected=$(grep -ho '"host_changed","epoch":1,"colour":"[a-z]*"' "$work/$tag-g1.log" | head -1 | sed 's/.*"colour":"\([a-z]*\)"/\1/')
  [[ -n $elected ]] || { bad=1; why="$why; the guests did not elect"; }
  verdict "$name" "$bad" "${why:-both guests end with $g1; the cut guest was $lag entries behind when the host stopped, the guests elected $elected and no move was lost}"
}

blips() { # net
  local net=$1 tag=f name=blips ticket why="" bad=0 h i
  if ! playing "$tag" "$net" classic; then
    verdict "$name" 1 "$why"; return
  fi
  # The second guest's link to the host goes down for 1 s, ten times.
  for ((i = 0; i < 10; i++)); do
    sever "lrs-$tag-p3" "10.77.$net.1" on
    sleep 1
    sever "lrs-$tag-p3" "10.77.$net.1" off
    sleep 1
  done
  wait
  agree "$tag" g2
  if grep -q '"host_changed"' "$work/$tag-g1.log" "$work/$tag-g2.log"; then bad=1; why="$why; a guest elected"; fi
  verdict "$name" "$bad" "${why:-same places at all three ($h) after ten 1 s blips of the link between a guest and the host; nobody elected}"
}

cut_elected() { # net
  local net=$1 tag=e name=cut-elected ticket why="" bad=0 h
  if ! playing "$tag" "$net" classic; then
    verdict "$name" 1 "$why"; return
  fi
  # The host is cut off until the guests elect the first guest; back, the
  # creator follows it. At once that elected host is cut off in turn.
  if ! isolate_until "$tag" "$net" 1 "$work/$tag-g2.log" '"host_changed"' 15; then
    bad=1; why="the guests did not elect"
  elif ! wait_for "$work/$tag-host.log" '"host_changed"' 15 >/dev/null; then
    bad=1; why="the creator did not follow the elected host"
  # Cut off until the other two have finished, and then long enough for
  # the elected host to give its lost guests' seats to bots (15 s) and
  # play its own branch on.
  elif ! isolate_until "$tag" "$net" 2 "$work/$tag-g2.log" '"over"' 30 14; then
    bad=1; why="the other guest did not finish"
  fi
  wait
  agree "$tag" g1
  local dropped; dropped=$(grep -h '"branch_dropped"' "$work/$tag-g1.log" | sed 's/^[0-9.]* //' | tail -1 || true)
  verdict "$name" "$bad" "${why:-same places at all three ($h) after the elected host was cut off while the others elected again and finished; it came back to their log: ${dropped:-no branch to drop}}"
}

cut_overlap() { # net
  local net=$1 tag=o name=cut-overlap ticket why="" bad=0 h
  if ! playing "$tag" "$net" classic; then
    verdict "$name" 1 "$why"; return
  fi
  # The host is cut off for 6 s; the moment the guests have elected the
  # first guest, that guest is cut off too, for 6 s: for a while the other
  # guest is alone, then it meets the creator back with a branch of its
  # own, and then the elected host with another.
  isolate "$tag" "$net" 1 6 &
  if ! wait_for "$work/$tag-g2.log" '"host_changed"' 15 >/dev/null; then
    bad=1; why="the guests did not elect"
  fi
  isolate "$tag" "$net" 2 6
  wait
  agree "$tag" g2
  local dropped; dropped=$(grep -ho '"branch_dropped","from":[0-9]*,"entries":[0-9]*' "$work/$tag-"*.log | paste -sd' ' - || true)
  verdict "$name" "$bad" "${why:-same places at all three ($h) after the host and then the host the guests elected were cut off, the cuts overlapping; branches dropped: ${dropped:-none}}"
}

lossy() { # pct net
  local pct=$1 net=$2 tag="l$1" name="lossy-$1" ticket why="" bad=0 h p
  if ! playing "$tag" "$net" classic; then
    verdict "$name" 1 "$why"; return
  fi
  # Every peer loses PCT% of its packets each way, to the game's end.
  for p in 1 2 3; do lose "$pct" "lrs-$tag-p$p"; done
  wait
  agree "$tag" g2
  local changes; changes=$(cat "$work/$tag-g1.log" "$work/$tag-g2.log" | grep -c '"host_changed"' || true)
  [[ $changes == 0 ]] || { bad=1; why="$why; the guests elected $changes time(s)"; }
  local secs; secs=$(awk '/"entry"/ && !a { a = $1 } /"over"/ { b = $1 } END { printf "%.0f", b - a }' "$work/$tag-host.log")
  # The packets the host's rules dropped: none, and the scenario proves nothing.
  local lost; lost=$(ip netns exec "lrs-$tag-p1" nft list table inet lrsloss | grep -o 'packets [0-9]*' | awk '{ n += $2 } END { print n + 0 }')
  ((lost > 0)) || { bad=1; why="$why; no packet was dropped"; }
  verdict "$name" "$bad" "${why:-same places at all three ($h) with each peer losing $pct% of its packets each way; nobody elected; the game took $secs s, the host dropping $lost packets}"
}

rolling_cuts() { # net
  local net=$1 tag=x name=rolling-cuts ticket why="" bad=0 h i
  if ! playing "$tag" "$net" classic; then
    verdict "$name" 1 "$why"; return
  fi
  # Each peer in turn (the host first) cut off from the other two for 4 s,
  # a second apart, twice round: longer than the 3 s after which a guest
  # counts its host lost, so the table elects while peers come and go.
  for ((i = 0; i < 6; i++)); do
    isolate "$tag" "$net" $((i % 3 + 1)) 4
    sleep 1
  done
  wait
  agree "$tag" host
  local changes; changes=$(grep -c '"host_changed"' "$work/$tag-g1.log" || true)
  verdict "$name" "$bad" "${why:-same places at all three ($h) after each peer was cut off for 4 s in turn, twice round; the first guest changed hosts $changes time(s)}"
}

rolling_four() { # net
  local net=$1 tag=q name=rolling-four ticket why="" bad=0 h i
  if ! playing "$tag" "$net" classic 4; then
    verdict "$name" 1 "$why"; return
  fi
  # Each of the four in turn, the host first, cut off from the other three
  # for 4 s, twice round.
  for ((i = 0; i < 8; i++)); do
    isolate "$tag" "$net" $((i % 4 + 1)) 4 4
    sleep 1
  done
  wait
  agree "$tag" host 4
  local changes; changes=$(grep -c '"host_changed"' "$work/$tag-g1.log" || true)
  # Entries a peer's branch held when it gave way to the table's (a host
  # cut off plays on alone until it is back): reported, not failed.
  local dropped; dropped=$(grep -o '"branch_dropped","from":[0-9]*,"entries":[0-9]*' "$work/$tag-"*.log | sed 's|.*/q-||; s|.log:"branch_dropped","from":[0-9]*,"entries":| |' | paste -sd, - || true)
  verdict "$name" "$bad" "${why:-same places at all four ($h) after each peer was cut off for 4 s in turn, twice round; the first guest changed hosts $changes time(s); entries dropped with a branch, by peer: ${dropped:-none}}"
}

# two_peers TAG NET PRESET: a host (with two bots) and a guest on a LAN of
# their own, playing; fails with $why if the game does not get going.
two_peers() {
  local tag=$1 net=$2 preset=$3
  lan "$tag" 2 "$net"
  run "$tag" p1 host host --headless --preset "$preset" --bots 2 --listen "/ip4/10.77.$net.1/tcp/4001" &
  if ! wait_for "$work/$tag-host.log" '"listening"' 20 >/dev/null; then
    why="the host did not start"; return 1
  fi
  local ticket; ticket=$(ticket_of "$work/$tag-host.log")
  run "$tag" p2 guest join --headless "$ticket" --bot easy --listen "/ip4/10.77.$net.2/tcp/4001" &
  if ! wait_for "$work/$tag-guest.log" '"seq":30,' 60 >/dev/null; then
    why="the game did not get going"; return 1
  fi
}

split_pair() { # seconds net
  local secs=$1 net=$2 tag="s$1" name="split-$1"
  if ! two_peers "$tag" "$net" race; then
    verdict "$name" 1 "$why"; return
  fi
  sever "lrs-$tag-p2" "10.77.$net.1" on
  sleep "$secs"
  sever "lrs-$tag-p2" "10.77.$net.1" off
  wait
  local h g dropped accused elected=""
  h=$(places_of "$work/$tag-host.log"); g=$(places_of "$work/$tag-guest.log")
  dropped=$(grep -h '"branch_dropped"' "$work/$tag-host.log" "$work/$tag-guest.log" | sed 's/^[0-9.]* //' | head -1 || true)
  accused=$(grep -h '"evidence"' "$work/$tag-guest.log" | head -1 || true)
  # Under the two-peer wait (three beats and 15 s), the guest waits it out.
  if ((secs < 18)) && grep -q '"host_changed"' "$work/$tag-guest.log"; then elected="the guest took over"; fi
  if [[ -n $h && $h == "$g" && -z $accused && -z $elected ]]; then
    verdict "$name" 0 "both ends report $h after $secs s apart; ${dropped:-no branch to drop}"
  else
    verdict "$name" 1 "host $h, guest $g ${accused:+; accused the host: $accused}${elected:+; $elected}; $(tail -3 "$work/$tag-guest.err") $(tail -3 "$work/$tag-host.err")"
  fi
}

split_four() { # net
  local net=$1 tag=v name=split-four ticket why="" bad=0 h p
  if ! playing "$tag" "$net" classic 4; then
    verdict "$name" 1 "$why"; return
  fi
  # Two computers on each side, the host and the first guest on one: for
  # 20 s neither side reaches the other. The two guests cut off from the
  # host are half the table, too few to elect: they wait.
  local sides="10.77.$net.1, 10.77.$net.2"
  for p in 3 4; do sever "lrs-$tag-p$p" "$sides" on; done
  sleep 20
  for p in 3 4; do sever "lrs-$tag-p$p" "$sides" off; done
  wait
  agree "$tag" g2 4
  if grep -q '"host_changed"' "$work/$tag-g"*.log; then bad=1; why="$why; a guest elected"; fi
  # Each of the two lost the host, and said it waits.
  for p in 2 3; do
    grep -q '"waiting"' "$work/$tag-g$p.log" || { bad=1; why="$why; g$p never said it waits"; }
  done
  verdict "$name" "$bad" "${why:-same places at all four ($h) after two and two were apart for 20 s; the two cut off from the host waited, nobody elected}"
}

long_think() { # net
  local net=$1 tag=t150 name=think-150
  lan "$tag" 2 "$net"
  run "$tag" p1 host host --headless --preset race --bots 2 --private --listen "/ip4/10.77.$net.1/tcp/4001" &
  if ! wait_for "$work/$tag-host.log" '"listening"' 20 >/dev/null; then
    verdict "$name" 1 "the host did not start"; return
  fi
  local ticket; ticket=$(ticket_of "$work/$tag-host.log")
  local start=$SECONDS
  run "$tag" p2 guest join --headless "$ticket" --bot easy --think 150 --listen "/ip4/10.77.$net.2/tcp/4001" &
  wait
  local h g
  h=$(places_of "$work/$tag-host.log"); g=$(places_of "$work/$tag-guest.log")
  if [[ -n $h && $h == "$g" ]] && ((SECONDS - start >= 150)); then
    verdict "$name" 0 "a 150 s think and the game still ended normally after $((SECONDS - start)) s: $h"
  else
    verdict "$name" 1 "host $h, guest $g after $((SECONDS - start)) s; $(tail -3 "$work/$tag-guest.err")"
  fi
}

reset_one() { # net
  local net=$1 tag=r1 name=reset-one
  if ! two_peers "$tag" "$net" classic; then
    verdict "$name" 1 "$why"; return
  fi
  # The guest's TCP connections with the host; the first is reset: every
  # packet of it, either way, is answered with RST.
  local conns port
  conns=$(ip netns exec "lrs-$tag-p2" ss -Htn state established "( dst 10.77.$net.1 or src 10.77.$net.1 )" | wc -l)
  port=$(ip netns exec "lrs-$tag-p2" ss -Htn state established dst "10.77.$net.1" | awk '{split($3, a, ":"); print a[2]; exit}')
  if [[ -z $port ]]; then
    verdict "$name" 1 "no TCP connection from the guest to the host"; return
  fi
  ip netns exec "lrs-$tag-p2" nft add table inet lrs
  ip netns exec "lrs-$tag-p2" nft add chain inet lrs out '{ type filter hook output priority 0; }'
  ip netns exec "lrs-$tag-p2" nft add rule inet lrs out tcp sport "$port" reject with tcp reset
  ip netns exec "lrs-$tag-p1" nft add table inet lrs
  ip netns exec "lrs-$tag-p1" nft add chain inet lrs out '{ type filter hook output priority 0; }'
  ip netns exec "lrs-$tag-p1" nft add rule inet lrs out tcp dport "$port" reject with tcp reset
  local reset_head; reset_head=$(head_of "$work/$tag-host.log")
  sleep 5
  ip netns exec "lrs-$tag-p2" nft delete table inet lrs
  ip netns exec "lrs-$tag-p1" nft delete table inet lrs
  wait
  local h g
  h=$(places_of "$work/$tag-host.log"); g=$(places_of "$work/$tag-guest.log")
  local after; after=$(awk -v s="$reset_head" 'match($0, /"seq":[0-9]+/) { n = substr($0, RSTART + 6, RLENGTH - 6) + 0; if (n > s) c++ } END { print c + 0 }' "$work/$tag-guest.log")
  if [[ -n $h && $h == "$g" ]] && ! grep -q '"host_changed"' "$work/$tag-guest.log"; then
    verdict "$name" 0 "$conns connection(s), one reset at entry $reset_head; the guest verified $after entries after it and both end with $h"
  else
    verdict "$name" 1 "host $h, guest $g ($conns connection(s), reset at entry $reset_head); $(tail -3 "$work/$tag-guest.err")"
  fi
}

names=()
# scenario NAME COMMAND...: runs it in the background unless ONLY names another.
scenario() {
  local name=$1
  shift
  if [[ -n ${ONLY:-} && $ONLY != "$name" ]]; then return; fi
  names+=("$name")
  "$@" >"$work/$name.out" 2>&1 &
}
scenario cut-10 cut_guest 10 11
scenario cut-60 cut_guest 60 12
scenario cut-join cut_join 17
scenario cut-host cut_host 18
scenario cut-twice cut_twice 19
scenario cut-behind cut_behind 20
scenario blips blips 21
scenario lossy-3 lossy 3 24
scenario cut-elected cut_elected 25
scenario cut-overlap cut_overlap 27
scenario rolling-cuts rolling_cuts 22
scenario rolling-four rolling_four 23
scenario split-30 split_pair 30 13
scenario split-14 split_pair 14 16
scenario split-four split_four 26
scenario think-150 long_think 14
scenario reset-one reset_one 15
wait
failures=0
for name in "${names[@]}"; do
  cat "$work/$name.out"
  [[ $(cat "$work/$name.verdict" 2>/dev/null || echo 1) == 0 ]] || failures=$((failures + 1))
done
if ((failures > 0)); then
  KEEP=1
  echo "resilience tests: $failures scenario(s) failed (logs kept in $work)"
  exit 1
fi
echo "resilience tests: all scenarios passed"
