### English: the window's words, and every message's ID.
### Grouped by the first file that says them; ui/i18n/tests.rs checks them.

## ui/emote.rs

good-luck = Good luck!
nice-move = Nice move!
oops = Oops!
hurry-up = Hurry up!
well-played = Well played!
thanks = Thanks!

## ui/mod.rs

settings-not-read-e-defaults = Settings not read ({ $e }); defaults are used.

## ui/narrate.rs

you-start = You start
who-starts = { $who } starts
you-rolled-a-face = You rolled a { $face }
who-rolled-a-face = { $who } rolled a { $face }
you-dropped-out-a-bot = You dropped out: a bot plays your seat
who-dropped-out-a-bot = { $who } dropped out: a bot plays the seat
you-left-a-bot-plays = You left: a bot plays your seat
who-left-a-bot-plays = { $who } left: a bot plays the seat
you-are-back = You are back
who-is-back = { $who } is back
your-seat-changes-hands = Your seat changes hands
who-changes-hands = { $who } changes hands
your-dice-link-did-not = Your dice link did not come: a bot plays your seat
who-s-dice-link-did = { $who }'s dice link did not come: a bot plays the seat
the-table-is-paused = The table is paused
the-table-resumes = The table resumes
the-table-closes = The table closes
you-host-the-table-now = You host the table now
who-hosts-the-table-now = { $who } hosts the table now
you-cannot-move = You cannot move
who-cannot-move = { $who } cannot move
you-bring-a-pawn-out = You bring a pawn out
who-brings-a-pawn-out = { $who } brings a pawn out
you-bring-a-pawn-home = You bring a pawn home
who-brings-a-pawn-home = { $who } brings a pawn home
three-sixes-you-lose-the = Three sixes: you lose the turn
three-sixes-who-loses-the = Three sixes: { $who } loses the turn
a-pawn-of-yours-goes = A pawn of yours goes back to the yard
a-pawn-of-who-goes = A pawn of { $who } goes back to the yard
you-roll-again = You roll again
who-rolls-again = { $who } rolls again
you-finish-place = You finish { $place }
who-finishes-place = { $who } finishes { $place }
the-duel-is-drawn-and = The duel is drawn and starts again
you-win-the-duel = You win the duel
who-wins-the-duel = { $who } wins the duel
the-game-is-over = The game is over
you-move-steps = You move a pawn { $steps ->
    [one] 1 square
   *[other] { $steps } squares
}
who-moves-steps = { $who } moves a pawn { $steps ->
    [one] 1 square
   *[other] { $steps } squares
}
you-mark-a-square = You mark a square
who-marks-a-square = { $who } marks a square
you-capture-a-pawn-of = You capture a pawn of { $whom }!
who-captures-your-pawn = { $who } captures your pawn!
who-captures-a-pawn-of = { $who } captures a pawn of { $whom }!
you-challenge-whom = You challenge { $whom }
who-challenges-you = { $who } challenges you
who-challenges-whom = { $who } challenges { $whom }
ordinal =
    { NUMBER($n, type: "ordinal") ->
        [one] { $n }st
        [two] { $n }nd
        [few] { $n }rd
       *[other] { $n }th
    }

## ui/palace.rs

dusk = Dusk
night = Night

## ui/prefs.rs

you = You

## ui/words.rs

refusal-not-your-seat = that seat is not yours to play
refusal-not-host = only the host can do that
refusal-not-your-turn = it is not that seat's turn
refusal-closed = the table is closed
refusal-paused = the table is paused
refusal-game-over = the game is over
refusal-not-sealed = the game has not begun
refusal-colour-taken = that colour is taken
refusal-bad-reveal = a dice link was refused ({ $why })
refusal-rules = the rules do not allow it ({ $why })
refusal-setup = the game cannot start ({ $why })
denial-table-full = the table is full
denial-full-now = the game has begun: the table is full
denial-begun = the game has begun
denial-offer-lapsed = that seat was not offered, or the offer lapsed: join again
denial-not-for-guest = that seat is not for a guest
denial-starting-again = the host is starting again: not yet
denial-join-first = join the table first
denial-watch-first = watch the table first
denial-plays = this computer plays at the table
denial-caught-lying = that host was caught lying
denial-out-of-step = the table's computers are out of step ({ $why })
notice-damaged = { $file } could not be read ({ $why }); it was kept as { $kept }
notice-newer = { $file } is from a newer Ludopia (format { $version }); it was kept as { $kept }
play-network-stopped = the network stopped
play-no-address = no address to listen on
play-left = this computer left the table
play-stopped-watching = this computer stopped watching
play-code-not-reached = no table with code { $code } answered within { $secs } s
play-code-not-found = no table with code { $code } answered within { $secs } s { $places }
play-invite-not-reached = the table of the invite did not answer within { $secs } s
play-lan-not-reached = the table on the local network did not answer within { $secs } s
play-host-refused = the host refused: { $why }
play-table-filled = no seat could be taken: the table filled up meanwhile
play-host-left = the host left before the game began
play-host-fault = the host broke the network game's rules ({ $what })
play-saved = the saved game cannot be resumed ({ $why })
play-table = this computer's table cannot go on ({ $what })
play-expired = nobody was connected to the table for { $secs } s, so it closed before the game's end
net-stopped = the network has stopped
net-oversized = a message of { $len } bytes is over the { $max }-byte limit
net-malformed = a malformed message ({ $why })
net-newer = the table's version is newer (protocol { $theirs }, this app speaks { $ours }): update Ludopia to join
net-older = the table's version is older (protocol { $theirs }, this app speaks { $ours }): its host must update Ludopia
net-rate-limited = the table refused the message: too many messages too quickly
net-no-table = no table with that code is open there
net-unanswered = the table did not answer
net-unreachable = could not reach the table ({ $why })
net-no-reply = the table did not answer ({ $why })
net-setup = the network could not start ({ $why })
net-public-silent = no peer of the public network answered: is this computer online?
net-code-not-found = no table with code { $code } was found { $places }
searched-lan = on the local network
searched-lan-relays = on the local network or at the relays
searched-lan-public = on the local network or on the public network
searched-everywhere = on the local network, at the relays or on the public network

## ui/app/mod.rs

the-saved-game-cannot-resume = The saved game cannot resume: { $e }
no-profile-folder-games-are = No profile folder: games are not kept.
not-saved-e = Not saved: { $e }
cannot-open-the-game-e = Cannot open the game: { $e }
saved = Saved.
not-saved-no-profile-folder = Not saved: no profile folder.

## ui/app/network.rs

going-back-to-your-table = Going back to your table…
this-computer-holds-no-seat = this computer holds no seat at the table
this-computer-is-not-watching = this computer is not watching that table
this-network-cannot-be-searched = This network cannot be searched: { $why }.

## ui/screen/history.rs

vs-level-bots = vs { $level } bots
vs-people = vs people
vs-people-and-bots = vs people and bots
bots-only = bots only
house-rules = House rules
replay = Replay
no-finished-games-yet = No finished games yet.
history = History

## ui/screen/home.rs

resume-game = Resume game
resume-network-game = Resume network game
a-saved-game-is-waiting = A saved game is waiting. A new game replaces it.
start-a-new-game = Start a new game
app-name = Ludopia
welcome-name-pull-up-a = Welcome, { $name }. Pull up a cushion.
welcome-pull-up-a = Welcome! Pull up a cushion.
play-on-this-computer = Play on this computer
host-a-table = Host a table
join-a-table = Join a table
how-to-play = How to play
statistics = Statistics
settings = Settings

## ui/screen/how_to.rs

each-player-has-n-pawns-in-a-yard-2 = Each player has { $n } pawns in a yard. Bring them all round the board and up your lane to the centre.
each-player-has-n-pawns-in-a-yard = Each player has { $n } pawns in a yard. Bring one of them round the board and up your lane to the centre: you finish with your first pawn home, and your other pawns leave the board.
n-of-your-pawns-begin =
    { $n ->
        [one] { $n } of your pawns begins on your start square.
       *[other] { $n } of your pawns begin on your start square.
    }
opposite-seats-play-as-partners-partners = Opposite seats play as partners. Partners share squares and never capture each other. Once you have finished, your rolls move your partner's pawns.
on-your-turn-roll-the = On your turn roll the die, then move one pawn that many squares.
on-your-turn-challenge-a = On your turn challenge a rival to Tic-Tac-Toe; whoever wins the duel rolls and moves. A drawn duel replays with the marks swapped.
a-pawn-leaves-its-yard = A pawn leaves its yard only on a 6, onto its start square.
it-cannot-leave-while-one = It cannot leave while one of your own pawns stands on the start.
a-6-gives-another-roll = A 6 gives another roll.
sixes-in-a-row-carry = Sixes in a row carry no penalty.
a-third-six-in-a-row-ends = A third six in a row ends your turn without moving.
a-third-six-in-a-row-sends = A third six in a row sends your leading pawn back to its yard.
land-on-a-rivals-pawn-to-send-it = Land on a rival's pawn to send it back to its yard, and roll again.
land-on-a-rivals-pawn-to-send-it-2 = Land on a rival's pawn to send it back to its yard.
if-you-can-capture-you = If you can capture, you must: moving another pawn instead sends your leading pawn back to its yard.
pawns-on-the-start-squares = Pawns on the start squares and the stars are safe.
no-square-is-safe = No square is safe.
only-one-pawn-may-stand = Only one pawn may stand on a square.
no-pawn-may-pass-another-pawn = No pawn may pass another pawn.
reach-the-centre-with-an = Reach the centre with an exact roll.
your-lanes-first-four-squares = Your lane's first four squares are your home spaces, one pawn each.
your-pawns-turn-up-your-lane-only-once-2 = Your pawns turn up your lane only once you or your partner have captured a pawn; until then they go round the board again.
your-pawns-turn-up-your-lane-only-once = Your pawns turn up your lane only once you have captured a pawn; until then they go round the board again.
going-round-a-pawn-never = Going round, a pawn never stops on the square just before its start.
bringing-a-pawn-home-gives = Bringing a pawn home gives another roll.
the-first-team-with-both = The first team with both partners finished wins; the other team comes second.
the-first-player-with-every = The first player with every pawn home wins.
the-first-player-with-a = The first player with a pawn home wins.
play-on-until-every-place = Play on until every place is decided.
each-decision-has-n-seconds =
    { $n ->
        [one] Each decision has { $n } second; then the table plays for you.
       *[other] Each decision has { $n } seconds; then the table plays for you.
    }
n-pawns =
    { $n ->
        [one] { $n } pawn
       *[other] { $n } pawns
    }
out-out = { $out } out
first-pawn-home = first pawn home
capture-to-enter-home-2 = capture to enter home
teams-2 = teams
n-2-v-2-teams = 2 v 2 teams

## ui/screen/joining.rs

connected-directly-to-the-table = Connected directly to the table ({ $at }).
connected-through-the-relay-at = Connected through the relay at { $at }; trying to punch a hole for a direct connection.
your-link-to-the-host-is-direct = Your link to the host is direct.
your-link-to-the-host-goes-through = Your link to the host goes through a relay.
an-invite-link-opened-ludopia = An invite link opened Ludopia: press Join to sit at its table.
could-not-join-why = Could not join: { $why }.
type-a-code = Type the table's room code (6 letters) or paste an invite link.
invite-unreadable = That invite cannot be read ({ $why }): ask for it again.
not-a-room-code = “{ $typed }” is not a room code: a room code is 6 letters, A to Z.
asking-the-table-to-let = Asking the table to let you watch…
looking-for-table-code-on = Looking for table { $code } { $places }…
joining-the-table = Joining the table…
no-open-table-on-this = No open table on this network or your relays yet.
no-open-table-here = No open table on this network yet.
host-preset = { $host } · { $preset }
unnamed-host = A table
table-game-under-way = { $table } · game under way
table-n-watching = { $table } · { $n } watching
via-a-relay = via a relay
on-this-network = on this network
join-as-colour = Join as { $colour }
watch = Watch
room-code-or-invite = Room code or invite
back = Back
open-tables = Open tables
a-room-code-or-an = A room code or an invite
join = Join

## ui/screen/replay.rs

verified-valid = Verified: { $valid }
does-not-verify-invalid = Does not verify: { $invalid }
the-table-is-set = The table is set.
entry-n-of-total = Entry { $n } of { $total }

## ui/screen/settings.rs

move-by-itself-when-every = Move by itself when every move is the same
enter-moves-the-first-movable = Enter moves the first movable pawn
a-shape-on-each-pawn = A shape on each pawn as well as its colour
hints-at-tables-with-other = Hints at tables with other people too
not-saved-bad-is-not-a-relay = Not saved: { $bad } is not a relay address (/ip4/…/tcp/…/p2p/…).
not-saved-bad-is-not-a-peers = Not saved: { $bad } is not a peer's address (…/p2p/…).
system-language = System language
your-name = Your name
language = Language
sky-over-the-palace = Sky over the palace
bot-speed = Bot speed
sound = Sound
on = On
off = Off
volume-v = Volume { $v }%
helpers-at-the-table = Helpers at the table
relays-for-play-across-the = Relays for play across the internet
the-addresses-your-relays-owners = The addresses your relays' owners give you, separated by spaces.
meeting-by-room-code-across = Meeting by room code across the internet
computers-of-the-public-network = Computers of the public network to start from, separated by spaces; left empty, its usual ones.
drawing-the-board = Drawing the board
graphics-card = Graphics card
processor-slower-works-everywhere = Processor (slower, works everywhere)
software-drawing-works-on-any = Software drawing works on any machine; it takes effect at the next start.
save = Save

## ui/screen/setup.rs

random = Random
easy = Easy
normal = Normal
hard = Hard
classic = Classic
plaza = Plaza
race = Race
palace = Palace
quick = Quick
red = Red
green = Green
yellow = Yellow
blue = Blue
pawns = Pawns
pawns-starting-out = Pawns starting out
goal = Goal
capture-to-enter-home = Capture to enter home
teams = Teams
capture-bonus = Capture bonus
arrival-bonus = Arrival bonus
safe-squares = Safe squares
three-sixes = Three sixes
own-pawn-blocks-the-start = Own pawn blocks the start
one-pawn-per-space = One pawn per space
blocking = Blocking
four-home-spaces = Four home spaces
must-capture = Must capture
first-home-wins = First home wins
duel-for-the-die = Duel for the die
first-player = First player
how-many-pawns-each-player = How many pawns each player brings round.
pawns-that-begin-on-the = Pawns that begin on the start square instead of the yard.
a-player-finishes-with-every = A player finishes with every pawn home, or with its first.
pawns-go-round-again-until = Pawns go round again until their player (or team) has captured.
opposite-seats-play-as-partners-needs = Opposite seats play as partners; needs all four seats.
capturing-a-pawn-earns-another = Capturing a pawn earns another roll.
bringing-a-pawn-home-earns = Bringing a pawn home earns another roll.
starts-and-stars-shelter-every = Starts and stars shelter every pawn on them.
what-a-third-six-in = What a third six in a row does.
no-pawn-may-leave-the = No pawn may leave the yard onto its own pawn.
at-most-one-pawn-on = At most one pawn on a space; no stacking your own.
no-pawn-may-pass-another-pawn-on = No pawn may pass another pawn, on the track or in a lane.
the-lanes-first-four-squares = The lane's first four squares are home, one pawn each.
skip-a-possible-capture-and = Skip a possible capture and your leading pawn goes back to its yard.
the-game-ends-when-the = The game ends when the first player is home.
win-a-tic-tac-toe = Win a Tic-Tac-Toe duel to earn each roll (palace).
who-opens-drawn-with-the = Who opens: drawn with the fair dice, or the first seat.
all-pawns = All pawns
one-pawn = One pawn
none = None
opposite-seats = Opposite seats
nothing = Nothing
turn-forfeit = Turn forfeit
leading-pawn-home = Leading pawn home
first-seat = First seat
classic-ludo-a-6-to = Classic Ludo: a 6 to leave, captures, safe stars.
plaza-no-capture-bonus-first = Plaza: no capture bonus, first home wins, 60 s turns.
race-one-pawn-a-square = Race: one pawn a square, blocks, four home spaces.
palace-duel-at-tic-tac = Palace: duel at Tic-Tac-Toe for every roll.
quick-one-pawn-out-capture = Quick: one pawn out, capture to open home, first pawn home wins.
empty = Empty
person-here = Person here
friend-remote = Friend (remote)
bot-level = Bot · { $level }
these-rules-cannot-be-played = These rules cannot be played: { $why }
teams-need-all-four-seats = Teams need all four seats filled.
player-n = Player { $n }
name-for-these-rules = Name for these rules
save-as-a-preset = Save as a preset
no-timer = No timer
open-the-table = Open the table
start-the-game = Start the game
set-the-table = Set the table
seats = Seats
rules = Rules
your-preset-name = Your preset: { $name }
turn-timer = Turn timer
who-can-find-the-table = Who can find the table
listed-on-this-network-and = Listed: on this network and your relays
private-by-code-or-invite = Private: by code or invite only

## ui/screen/stats.rs

games = Games
wins = Wins
place-2nd = 2nd
place-3rd = 3rd
place-4th = 4th
too-few-rolls-to-judge = Too few rolls to judge yet (30 or more are needed).
consistent-with-a-fair-die = Consistent with a fair die.
a-little-unusual-fair-dice = A little unusual: fair dice do this about once in 20 to 100 sets of rolls.
very-unusual-fair-dice-do = Very unusual: fair dice do this less than once in 100 sets of rolls.
preset = Preset
all-games = All games
opponents = Opponents
face = Face
rolled = Rolled
expected = Expected
n-rolls-chi-square-x = { $n } rolls · chi-square { $x } (5 degrees of freedom) · p = { $p } · critical values { $c5 } (5%) and { $c1 } (1%)
the-dice = The dice
no-games-counted-yet = No games counted yet: each game you finish here, at one computer or across the network, counts, with every roll of its dice.

## ui/screen/waiting.rs

a-friend-joined = A friend joined
waiting-for-a-friend = Waiting for a friend…
play-a-bot-instead = Play a bot instead
copied = Copied
copy-link = Copy link
copy = Copy
the-table-stopped-why = The table stopped: { $why }.
opening-the-table = Opening the table…
every-seat-is-taken-the = Every seat is taken: the game begins.
waiting-for-n-more-friends =
    { $n ->
        [one] Waiting for { $n } more friend; the game begins when every seat is taken.
       *[other] Waiting for { $n } more friends; the game begins when every seat is taken.
    }
your-table = Your table
cancel = Cancel
room-code = Room code
friends-on-this-network-type = Friends on this network type the code; anyone else needs the invite.
friends-anywhere-type-the = Friends anywhere type the code or open the invite.
invite = Invite

## ui/screen/game/keep.rs

no-profile-folder = no profile folder
welcome-back-the-game-resumes = Welcome back: the game resumes where it stopped.
the-game-is-no-longer = The game is no longer saved: { $e }

## ui/screen/game/keys.rs

it-reaches-home = it reaches home
it-captures = it captures
it-brings-a-pawn-out = it brings a pawn out
it-lands-safe = it lands safe
it-moves-on = it moves on
hint-pawn-n-why = Hint: pawn { $n }, { $why }.

## ui/screen/game/mod.rs

friend-colour = Friend ({ $colour })
you-are-watching-this-table = You are watching this table.
the-table-is-set-good = The table is set. Good luck!
starting-another-game-with-the = Starting another game with the same group…
the-connection-to-the-table = The connection to the table is closed.
not-allowed-refusal = Not allowed: { $refusal }.
saved-to-path = Saved to { $path }
a-log-entry-was-refused = A log entry was refused: { $refused }.
moves-set-aside-from-entry = The table went on along another host's log: the moves from entry { $from } on are set aside (the proof keeps them).

## ui/screen/game/panel.rs

the-table-is-closed = The table is closed.
the-table-is-paused-2 = The table is paused.
the-game-is-over-2 = The game is over.
who-to-roll = { $who } to roll
who-to-move-a-pawn =
    { $n ->
        [one] { $who } to move a pawn { $n } space
       *[other] { $who } to move a pawn { $n } spaces
    }
who-to-challenge-a-rival = { $who } to challenge a rival
who-to-mark-the-duel = { $who } to mark the duel board
roll-the-die = Roll the die
move-a-glowing-pawn = Move a glowing pawn
challenge-a-rival = Challenge a rival
mark-the-duel-board = Mark the duel board
your-turn-who-what = Your turn, { $who }: { $what }
your-turn-what = Your turn: { $what }
roll = Roll
space-or-enter-rolls = Space or Enter rolls
click-a-glowing-pawn-or = Click a glowing pawn, or ←/→ and Enter, or its number
hint = Hint
left-s-left-to-decide = { $left } s left to decide
turn-timer-secs-s-a = Turn timer: { $secs } s a decision
verify-dice = Verify dice
leave-the-table = Leave the table
sound-on = Sound on
muted-2 = Muted
react = React
hide = Hide
show-all = Show all
table-rules = Table rules
colour-yours-next-game = { $colour }: yours next game
reserve-colour = Reserve { $colour }
rematch = Rematch
resume = Resume
close-the-table = Close the table
pause = Pause

## ui/screen/game/reactions.rs

slow-down-three-reactions-every = Slow down: three reactions every two seconds.

## ui/screen/game/seam.rs

colour-is-yours-in-the = { $colour } is yours in the next game.
colour-is-not-held-for = { $colour } is not held for you: { $why }.
the-network-game-stopped-why = The network game stopped: { $why }.

## ui/screen/game/seats.rs

empty-seat = Empty seat
bot-level-badge = BOT · { $level }
this-computer = THIS COMPUTER
remote = REMOTE
away-bot-plays = AWAY · BOT PLAYS
team-badge = TEAM { $team }
place-place = { $place } PLACE
home-home = { $home } home
unmute = Unmute
mute = Mute

## ui/screen/game/verify.rs

game-id = Game { $id }
the-host-signed-two-different = The host signed two different entries #{ $at }: it lied, and this proof shows it.
refused-refused = Refused: { $refused }
commitments-each-seats-dice-chain = Commitments (each seat's dice chain head)
n-rolls-newest-first =
    { $n ->
        [one] { $n } roll, newest first
       *[other] { $n } rolls, newest first
    }
where-to-save-the-proof = Where to save the proof
save-the-proof = Save the proof
anyone-can-check-the-file = Anyone can check the file offline: ludopia verify FILE
back-to-the-board = Back to the board
seq-who-rolled-face = #{ $seq } { $who } rolled { $face }
seq-first-player-draw-who = #{ $seq } first-player draw: { $who } starts
seq-a-roll-of-face = #{ $seq } a roll of { $face }
bot = { " " }· bot
timeout = { " " }· timeout
verified = verified
not-verified = NOT verified
none-the-links-do-not = none: the links do not match
roll-k-links-links-seed = roll { $k } · links { $links } · seed { $seed }

## ui/screen/game/view.rs

leave-the-table-question = Leave the table?
yes-leave = Yes, leave
leave-the-table-the-game = Leave the table? The game is saved: resume it from the home screen.
leave-your-seat-the-game = Leave the table? The game goes on: a bot plays your seat until you resume it from the home screen.
close-the-table-for-everyone = Close the table for everyone? The game ends here.
yes-close-it = Yes, close it
stay = Stay
last-moves = Last moves
challenge-who = Challenge { $who }
who-challenged-whom = { $who } challenged { $whom }
who-wins-the-duel-2 = { $who } wins the duel!
you-win = You win!
who-wins = { $who } wins!
game-over = Game over
leave = Leave

## ui/screen/setup/plan.rs

slow = Slow
fast = Fast
