### Vietnamese (Tiếng Việt): no plural forms (CLDR: other only).
### Grouped by the first file that says them; ui/i18n/tests.rs checks them.

## ui/emote.rs

good-luck = Chúc may mắn!
nice-move = Nước đi hay!
oops = Ối!
hurry-up = Nhanh lên!
well-played = Chơi hay lắm!
thanks = Cảm ơn!

## ui/mod.rs

settings-not-read-e-defaults = Không đọc được cài đặt ({ $e }); đang dùng mặc định.

## ui/narrate.rs

you-start = Bạn đi trước
who-starts = { $who } đi trước
you-rolled-a-face = Bạn gieo được { $face }
who-rolled-a-face = { $who } gieo được { $face }
you-dropped-out-a-bot = Bạn bị rớt mạng: máy chơi thay ghế của bạn
who-dropped-out-a-bot = { $who } bị rớt mạng: máy chơi thay ghế này
you-left-a-bot-plays = Bạn đã rời đi: máy chơi thay ghế của bạn
who-left-a-bot-plays = { $who } đã rời đi: máy chơi thay ghế này
you-are-back = Bạn đã quay lại
who-is-back = { $who } đã quay lại
your-seat-changes-hands = Ghế của bạn đổi người điều khiển
who-changes-hands = { $who } đổi người điều khiển
your-dice-link-did-not = Mắt xích xúc xắc của bạn không đến: máy chơi thay ghế của bạn
who-s-dice-link-did = mắt xích xúc xắc của { $who } không đến: máy chơi thay ghế này
the-table-is-paused = Bàn đang tạm dừng
the-table-resumes = Bàn chơi tiếp
the-table-closes = Bàn đóng lại
you-host-the-table-now = Giờ bạn là chủ bàn
who-hosts-the-table-now = { $who } giờ là chủ bàn
you-cannot-move = Bạn không đi được
who-cannot-move = { $who } không đi được
you-bring-a-pawn-out = Bạn ra một quân
who-brings-a-pawn-out = { $who } ra một quân
you-bring-a-pawn-home = Bạn đưa một quân về đích
who-brings-a-pawn-home = { $who } đưa một quân về đích
three-sixes-you-lose-the = Ba lần 6: bạn mất lượt
three-sixes-who-loses-the = Ba lần 6: { $who } mất lượt
a-pawn-of-yours-goes = Một quân của bạn phải về chuồng
a-pawn-of-who-goes = Một quân của { $who } phải về chuồng
you-roll-again = Bạn được gieo tiếp
who-rolls-again = { $who } được gieo tiếp
you-finish-place = Bạn về { $place }
who-finishes-place = { $who } về { $place }
the-duel-is-drawn-and = Ván đấu hòa và bắt đầu lại
you-win-the-duel = Bạn thắng ván đấu
who-wins-the-duel = { $who } thắng ván đấu
the-game-is-over = Ván đã kết thúc
you-move-steps = Bạn đi một quân { $steps } ô
who-moves-steps = { $who } đi một quân { $steps } ô
you-mark-a-square = Bạn đánh một ô
who-marks-a-square = { $who } đánh một ô
you-capture-a-pawn-of = Bạn đá quân của { $whom }!
who-captures-your-pawn = { $who } đá quân của bạn!
who-captures-a-pawn-of = { $who } đá quân của { $whom }!
you-challenge-whom = Bạn thách đấu { $whom }
who-challenges-you = { $who } thách đấu bạn
who-challenges-whom = { $who } thách đấu { $whom }
ordinal = thứ { $n }

## ui/palace.rs

dusk = Hoàng hôn
night = Ban đêm

## ui/prefs.rs

you = Bạn

## ui/words.rs

refusal-not-your-seat = ghế đó không phải của bạn
refusal-not-host = chỉ chủ bàn mới làm được việc đó
refusal-not-your-turn = chưa đến lượt của ghế đó
refusal-closed = bàn đã đóng
refusal-paused = bàn đang tạm dừng
refusal-game-over = ván đã kết thúc
refusal-not-sealed = ván chưa bắt đầu
refusal-colour-taken = màu đó đã có người chọn
refusal-bad-reveal = một mắt xích xúc xắc bị từ chối ({ $why })
refusal-rules = luật không cho phép ({ $why })
refusal-setup = ván không thể bắt đầu ({ $why })
denial-table-full = bàn đã kín chỗ
denial-full-now = ván đã bắt đầu: bàn đã kín chỗ
denial-begun = ván đã bắt đầu
denial-offer-lapsed = ghế đó không được mời, hoặc lời mời đã hết hạn: hãy vào lại
denial-not-for-guest = ghế đó không dành cho khách
denial-starting-again = chủ bàn đang khởi động lại: chưa được
denial-join-first = hãy vào bàn trước
denial-watch-first = hãy xem bàn trước
denial-plays = máy này đang chơi ở bàn
denial-caught-lying = chủ bàn đó đã bị bắt quả tang gian lận
denial-out-of-step = các máy ở bàn không khớp nhau ({ $why })
notice-damaged = không đọc được { $file } ({ $why }); tệp đã được giữ lại là { $kept }
notice-newer = { $file } là của một bản Ludopia mới hơn (định dạng { $version }); tệp đã được giữ lại là { $kept }
play-network-stopped = mạng đã dừng
play-no-address = không có địa chỉ nào để lắng nghe
play-left = máy này đã rời bàn
play-stopped-watching = máy này đã thôi xem
play-code-not-reached = không có bàn nào mã { $code } trả lời trong { $secs } giây
play-code-not-found = không có bàn nào mã { $code } trả lời trong { $secs } giây, { $places }
play-invite-not-reached = bàn của lời mời không trả lời trong { $secs } giây
play-lan-not-reached = bàn trong mạng nội bộ không trả lời trong { $secs } giây
play-host-refused = chủ bàn từ chối: { $why }
play-table-filled = không lấy được ghế: bàn đã kín chỗ trong lúc đó
play-host-left = chủ bàn đã rời đi trước khi ván bắt đầu
play-host-fault = chủ bàn đã làm sai luật của ván chơi qua mạng ({ $what })
play-saved = không thể tiếp tục ván đã lưu ({ $why })
play-table = bàn của máy này không thể tiếp tục ({ $what })
play-expired = không ai kết nối với bàn trong { $secs } giây, nên bàn đã đóng trước khi ván kết thúc
net-stopped = mạng đã ngừng
net-oversized = một tin nhắn { $len } byte vượt giới hạn { $max } byte
net-malformed = một tin nhắn sai định dạng ({ $why })
net-newer = phiên bản của bàn mới hơn (giao thức { $theirs }, ứng dụng này dùng { $ours }): hãy cập nhật Ludopia để vào bàn
net-older = phiên bản của bàn cũ hơn (giao thức { $theirs }, ứng dụng này dùng { $ours }): chủ bàn cần cập nhật Ludopia
net-rate-limited = bàn từ chối tin nhắn: quá nhiều tin nhắn trong thời gian quá ngắn
net-no-table = ở đó không có bàn nào mở với mã đó
net-unanswered = bàn không trả lời
net-unreachable = không kết nối được tới bàn ({ $why })
net-no-reply = bàn không trả lời ({ $why })
net-setup = không khởi động được mạng ({ $why })
net-public-silent = không máy nào của mạng công cộng trả lời: máy này có đang kết nối internet không?
net-code-not-found = không tìm thấy bàn nào mã { $code } { $places }
searched-lan = trong mạng nội bộ
searched-lan-relays = trong mạng nội bộ hay ở các relay
searched-lan-public = trong mạng nội bộ hay trên mạng công cộng
searched-everywhere = trong mạng nội bộ, ở các relay hay trên mạng công cộng

## ui/app/mod.rs

the-saved-game-cannot-resume = Không thể tiếp tục ván đã lưu: { $e }
no-profile-folder-games-are = Không có thư mục hồ sơ: các ván không được giữ lại.
not-saved-e = Chưa lưu: { $e }
cannot-open-the-game-e = Không mở được ván: { $e }
saved = Đã lưu.
not-saved-no-profile-folder = Chưa lưu: không có thư mục hồ sơ.

## ui/app/network.rs

going-back-to-your-table = Đang quay lại bàn của bạn…
this-computer-holds-no-seat = máy này không giữ ghế nào ở bàn
this-computer-is-not-watching = máy này không xem bàn đó
this-network-cannot-be-searched = Không tìm được trong mạng này: { $why }.

## ui/screen/history.rs

vs-level-bots = đấu máy { $level }
vs-people = đấu với người
vs-people-and-bots = đấu với người và máy
bots-only = chỉ có máy
house-rules = Luật riêng
replay = Xem lại
no-finished-games-yet = Chưa có ván nào kết thúc.
history = Lịch sử

## ui/screen/home.rs

resume-game = Chơi tiếp ván cũ
resume-network-game = Chơi tiếp ván qua mạng
a-saved-game-is-waiting = Có một ván đã lưu đang chờ. Ván mới sẽ thay thế nó.
start-a-new-game = Bắt đầu ván mới
app-name = Ludopia
welcome-name-pull-up-a = Chào { $name }. Mời ngồi xuống nệm nào.
welcome-pull-up-a = Xin chào! Mời ngồi xuống nệm nào.
play-on-this-computer = Chơi trên máy này
host-a-table = Mở bàn
join-a-table = Vào bàn
how-to-play = Cách chơi
statistics = Thống kê
settings = Cài đặt

## ui/screen/how_to.rs

each-player-has-n-pawns-in-a-yard-2 = Mỗi người có { $n } quân trong chuồng. Đưa tất cả đi hết một vòng bàn cờ rồi theo đường về đích ở giữa.
each-player-has-n-pawns-in-a-yard = Mỗi người chơi có { $n } quân trong chuồng. Đưa một quân đi hết vòng và lên đường về tới trung tâm: bạn về đích ngay khi quân đầu tiên về, các quân khác rời bàn cờ.
n-of-your-pawns-begin = { $n } quân của bạn bắt đầu trên ô xuất phát.
opposite-seats-play-as-partners-partners = Hai ghế đối diện là đồng đội. Đồng đội đứng chung ô và không bao giờ bắt quân của nhau. Khi bạn đã về đích, lượt gieo của bạn đi quân của đồng đội.
on-your-turn-roll-the = Đến lượt, bạn gieo xúc xắc rồi đi một quân đúng bấy nhiêu ô.
on-your-turn-challenge-a = Đến lượt, bạn thách một đối thủ chơi cờ ca-rô 3×3; ai thắng sẽ được gieo và đi. Hòa thì chơi lại, đổi X và O cho nhau.
a-pawn-leaves-its-yard = Quân chỉ ra khỏi chuồng khi gieo được 6, vào ô xuất phát.
it-cannot-leave-while-one = Không được ra chuồng khi một quân của chính bạn đang đứng ở ô xuất phát.
a-6-gives-another-roll = Gieo được 6 thì được gieo thêm lần nữa.
sixes-in-a-row-carry = Gieo 6 liên tiếp không bị phạt.
a-third-six-in-a-row-ends = Gieo 6 lần thứ ba liên tiếp thì mất lượt, không được đi.
a-third-six-in-a-row-sends = Gieo 6 lần thứ ba liên tiếp thì quân đi đầu của bạn phải về chuồng.
land-on-a-rivals-pawn-to-send-it = Đi vào ô có quân đối thủ để đá nó về chuồng, và được gieo thêm.
land-on-a-rivals-pawn-to-send-it-2 = Đi vào ô có quân đối thủ để đá nó về chuồng.
if-you-can-capture-you = Nếu đá được quân thì bắt buộc phải đá: đi quân khác thay vào đó thì quân đi đầu của bạn phải về chuồng.
pawns-on-the-start-squares = Quân đứng ở ô xuất phát và ô ngôi sao thì an toàn.
no-square-is-safe = Không có ô nào an toàn.
only-one-pawn-may-stand = Mỗi ô chỉ được có một quân.
no-pawn-may-pass-another-pawn = Không quân nào được vượt qua quân khác.
reach-the-centre-with-an = Phải gieo vừa đúng số để về đích.
your-lanes-first-four-squares = Bốn ô đầu trên đường về đích là chỗ của bạn, mỗi ô một quân.
your-pawns-turn-up-your-lane-only-once-2 = Quân của bạn chỉ được rẽ vào đường về khi bạn hoặc đồng đội đã bắt được một quân; trước đó chúng đi thêm một vòng nữa.
your-pawns-turn-up-your-lane-only-once = Quân của bạn chỉ được rẽ vào đường về khi bạn đã bắt được một quân; trước đó chúng đi thêm một vòng nữa.
going-round-a-pawn-never = Khi đi thêm vòng, quân không bao giờ dừng ở ô ngay trước ô xuất phát của nó.
bringing-a-pawn-home-gives = Đưa một quân về đích thì được gieo thêm.
the-first-team-with-both = Đội đầu tiên có cả hai người về đích thắng; đội kia về nhì.
the-first-player-with-every = Người đầu tiên đưa hết quân về đích sẽ thắng.
the-first-player-with-a = Người đầu tiên có một quân về đích thắng.
play-on-until-every-place = Chơi tiếp cho đến khi xếp hạng xong mọi người.
each-decision-has-n-seconds = Mỗi lần quyết định có { $n } giây; hết giờ thì bàn chơi thay bạn.
n-pawns = { $n } quân
out-out = { $out } quân ra sẵn
first-pawn-home = quân đầu về đích
capture-to-enter-home-2 = bắt quân mới được về
teams-2 = đồng đội
n-2-v-2-teams = Đồng đội 2 đấu 2

## ui/screen/joining.rs

connected-directly-to-the-table = Đã kết nối trực tiếp tới bàn ({ $at }).
connected-through-the-relay-at = Đã kết nối qua relay tại { $at }; đang thử đục lỗ để kết nối trực tiếp.
your-link-to-the-host-is-direct = Bạn kết nối trực tiếp với chủ bàn.
your-link-to-the-host-goes-through = Bạn kết nối với chủ bàn qua relay.
an-invite-link-opened-ludopia = Ludopia được mở từ một liên kết mời: bấm Vào để ngồi vào bàn đó.
could-not-join-why = Không vào được: { $why }.
type-a-code = Nhập mã phòng của bàn (6 chữ cái) hoặc dán liên kết mời.
invite-unreadable = Không đọc được lời mời này ({ $why }): hãy xin lại lời mời.
not-a-room-code = “{ $typed }” không phải mã phòng: mã phòng gồm 6 chữ cái, từ A đến Z.
asking-the-table-to-let = Đang xin bàn cho bạn xem…
looking-for-table-code-on = Đang tìm bàn { $code } { $places }…
joining-the-table = Đang vào bàn…
no-open-table-on-this = Chưa có bàn nào mở trong mạng này hay trên các relay của bạn.
no-open-table-here = Chưa có bàn nào mở trong mạng này.
host-preset = { $host } · { $preset }
unnamed-host = Một bàn
table-game-under-way = { $table } · đang chơi
table-n-watching = { $table } · { $n } người xem
via-a-relay = qua relay
on-this-network = trong mạng này
join-as-colour = Vào chỗ { $colour }
watch = Xem
room-code-or-invite = Mã phòng hoặc lời mời
back = Quay lại
open-tables = Bàn đang mở
a-room-code-or-an = Mã phòng hoặc lời mời
join = Vào

## ui/screen/replay.rs

verified-valid = Đã kiểm chứng: { $valid }
does-not-verify-invalid = Không kiểm chứng được: { $invalid }
the-table-is-set = Bàn đã sẵn sàng.
entry-n-of-total = Mục { $n } / { $total }

## ui/screen/settings.rs

move-by-itself-when-every = Tự đi khi mọi nước đi đều như nhau
enter-moves-the-first-movable = Enter đi quân đầu tiên đi được
a-shape-on-each-pawn = Mỗi quân có thêm một hình, không chỉ màu
hints-at-tables-with-other = Gợi ý cả ở bàn có người khác
not-saved-bad-is-not-a-relay = Chưa lưu: { $bad } không phải địa chỉ trạm chuyển tiếp (/ip4/…/tcp/…/p2p/…).
not-saved-bad-is-not-a-peers = Chưa lưu: { $bad } không phải địa chỉ của một peer (…/p2p/…).
system-language = Ngôn ngữ hệ thống
your-name = Tên của bạn
language = Ngôn ngữ
sky-over-the-palace = Bầu trời trên cung điện
bot-speed = Tốc độ của máy
sound = Âm thanh
on = Bật
off = Tắt
volume-v = Âm lượng { $v }%
helpers-at-the-table = Trợ giúp khi chơi
relays-for-play-across-the = Trạm chuyển tiếp để chơi qua Internet
the-addresses-your-relays-owners = Các địa chỉ do chủ relay đưa cho bạn, cách nhau bằng dấu cách.
meeting-by-room-code-across = Gặp nhau bằng mã phòng qua internet
computers-of-the-public-network = Các máy của mạng công cộng để bắt đầu, cách nhau bằng dấu cách; để trống thì dùng các máy thường dùng.
drawing-the-board = Cách vẽ bàn cờ
graphics-card = Card đồ họa
processor-slower-works-everywhere = Bộ xử lý (chậm hơn, chạy mọi nơi)
software-drawing-works-on-any = Vẽ bằng phần mềm chạy được trên mọi máy; có hiệu lực từ lần mở sau.
save = Lưu

## ui/screen/setup.rs

random = Ngẫu nhiên
easy = Dễ
normal = Vừa
hard = Khó
classic = Cổ điển
plaza = Quảng trường
race = Đua
palace = Cung điện
quick = Nhanh
red = Đỏ
green = Xanh lá
yellow = Vàng
blue = Xanh dương
pawns = Quân
pawns-starting-out = Quân xuất phát sẵn
goal = Đích
capture-to-enter-home = Phải bắt quân mới được về
teams = Đồng đội
capture-bonus = Thưởng khi đá quân
arrival-bonus = Thưởng khi về đích
safe-squares = Ô an toàn
three-sixes = Ba lần 6
own-pawn-blocks-the-start = Quân nhà chặn ô xuất phát
one-pawn-per-space = Mỗi ô một quân
blocking = Chặn đường
four-home-spaces = Bốn ô chuồng
must-capture = Bắt buộc đá quân
first-home-wins = Về đích trước là thắng
duel-for-the-die = Đấu để được gieo
first-player = Người đi trước
how-many-pawns-each-player = Mỗi người chơi đưa bao nhiêu quân đi hết vòng.
pawns-that-begin-on-the = Số quân bắt đầu trên ô xuất phát thay vì trong chuồng.
a-player-finishes-with-every = Một người chơi về đích khi mọi quân đã về, hoặc ngay khi quân đầu tiên về.
pawns-go-round-again-until = Quân phải đi thêm vòng nữa cho đến khi người chơi (hoặc đội) đã bắt được quân.
opposite-seats-play-as-partners-needs = Hai ghế đối diện là đồng đội; cần đủ bốn ghế.
capturing-a-pawn-earns-another = Đá được quân thì được gieo thêm.
bringing-a-pawn-home-earns = Đưa quân về đích thì được gieo thêm.
starts-and-stars-shelter-every = Ô xuất phát và ô ngôi sao che chở mọi quân đứng trên đó.
what-a-third-six-in = Lần thứ ba liên tiếp ra 6 thì sao.
no-pawn-may-leave-the = Không quân nào được ra chuồng khi quân nhà đang đứng ở ô xuất phát.
at-most-one-pawn-on = Mỗi ô nhiều nhất một quân; không chồng quân của mình.
no-pawn-may-pass-another-pawn-on = Không quân nào được vượt quân khác, trên đường đi hay trên đường về đích.
the-lanes-first-four-squares = Bốn ô đầu của đường về là chuồng, mỗi ô một quân.
skip-a-possible-capture-and = Bỏ qua một lần đá quân được thì quân đi đầu của bạn về chuồng.
the-game-ends-when-the = Ván kết thúc khi người đầu tiên về đích hết.
win-a-tic-tac-toe = Thắng một ván cờ ca-rô 3×3 để được mỗi lần gieo (cung điện).
who-opens-drawn-with-the = Ai đi trước: rút bằng xúc xắc công bằng, hoặc ghế đầu tiên.
all-pawns = Mọi quân
one-pawn = Một quân
none = Không
opposite-seats = Ghế đối diện
nothing = Không gì
turn-forfeit = Mất lượt
leading-pawn-home = Quân dẫn đầu về chuồng
first-seat = Ghế đầu
classic-ludo-a-6-to = Cờ cá ngựa cổ điển: 6 mới ra quân, được đá quân, ô sao an toàn.
plaza-no-capture-bonus-first = Quảng trường: đá quân không thưởng, về đích trước là thắng, mỗi lượt 60 giây.
race-one-pawn-a-square = Đua: mỗi ô một quân, được chặn đường, bốn ô đích.
palace-duel-at-tic-tac = Cung điện: đấu cờ ca-rô 3×3 cho mỗi lần gieo.
quick-one-pawn-out-capture = Nhanh: một quân ra sẵn, phải bắt quân mới được về, quân đầu tiên về đích thắng.
empty = Trống
person-here = Người chơi ở máy này
friend-remote = Bạn (qua mạng)
bot-level = Máy · { $level }
these-rules-cannot-be-played = Không thể chơi với luật này: { $why }
teams-need-all-four-seats = Chơi đồng đội cần đủ bốn ghế.
player-n = Người chơi { $n }
name-for-these-rules = Tên cho bộ luật này
save-as-a-preset = Lưu thành bộ luật
no-timer = Không giới hạn
open-the-table = Mở bàn chơi
start-the-game = Bắt đầu ván
set-the-table = Sắp xếp bàn chơi
seats = Chỗ ngồi
rules = Luật chơi
your-preset-name = Bộ luật của bạn: { $name }
turn-timer = Giới hạn thời gian
who-can-find-the-table = Ai có thể tìm thấy bàn
listed-on-this-network-and = Công khai: trong mạng này và trên các relay của bạn
private-by-code-or-invite = Riêng tư: chỉ bằng mã hoặc lời mời

## ui/screen/stats.rs

games = Số ván
wins = Thắng
place-2nd = Nhì
place-3rd = Ba
place-4th = Tư
too-few-rolls-to-judge = Chưa đủ lượt gieo để đánh giá (cần từ 30 lượt trở lên).
consistent-with-a-fair-die = Phù hợp với một con xúc xắc công bằng.
a-little-unusual-fair-dice = Hơi bất thường: xúc xắc công bằng cho kết quả này khoảng 1 lần trong 20 đến 100 loạt gieo.
very-unusual-fair-dice-do = Rất bất thường: xúc xắc công bằng cho kết quả này chưa tới 1 lần trong 100 loạt gieo.
preset = Kiểu chơi
all-games = Tất cả các ván
opponents = Đối thủ
face = Mặt
rolled = Đã gieo
expected = Kỳ vọng
n-rolls-chi-square-x = { $n } lượt gieo · khi bình phương { $x } (5 bậc tự do) · p = { $p } · giá trị tới hạn { $c5 } (5%) và { $c1 } (1%)
the-dice = Xúc xắc
no-games-counted-yet = Chưa có ván nào được tính: mỗi ván bạn chơi xong ở đây, trên một máy hay qua mạng, đều được tính, cùng mọi lần gieo xúc xắc.

## ui/screen/waiting.rs

a-friend-joined = Một người bạn đã vào
waiting-for-a-friend = Đang chờ một người bạn…
play-a-bot-instead = Cho máy chơi thay
copied = Đã chép
copy-link = Sao chép liên kết
copy = Sao chép
the-table-stopped-why = Bàn đã dừng: { $why }.
opening-the-table = Đang mở bàn…
every-seat-is-taken-the = Mọi chỗ đã có người: ván đấu bắt đầu.
waiting-for-n-more-friends = Đang chờ thêm { $n } người bạn; ván bắt đầu khi mọi ghế đều có người.
your-table = Bàn của bạn
cancel = Hủy
room-code = Mã phòng
friends-on-this-network-type = Bạn bè trong cùng mạng gõ mã; những người khác cần lời mời.
friends-anywhere-type-the = Bạn bè ở bất cứ đâu gõ mã hoặc mở lời mời.
invite = Lời mời

## ui/screen/game/keep.rs

no-profile-folder = không có thư mục hồ sơ
welcome-back-the-game-resumes = Chào mừng trở lại: ván chơi tiếp từ chỗ đã dừng.
the-game-is-no-longer = Ván không còn được lưu nữa: { $e }

## ui/screen/game/keys.rs

it-reaches-home = nó về đích
it-captures = nó đá quân đối thủ
it-brings-a-pawn-out = nó đưa một quân ra
it-lands-safe = nó đứng ở ô an toàn
it-moves-on = nó tiến lên
hint-pawn-n-why = Gợi ý: quân { $n }, { $why }.

## ui/screen/game/mod.rs

friend-colour = Bạn ({ $colour })
you-are-watching-this-table = Bạn đang xem bàn này.
the-table-is-set-good = Bàn đã sẵn sàng. Chúc may mắn!
starting-another-game-with-the = Đang bắt đầu ván mới với cùng nhóm…
the-connection-to-the-table = Kết nối tới bàn đã đóng.
not-allowed-refusal = Không được phép: { $refusal }.
saved-to-path = Đã lưu vào { $path }
a-log-entry-was-refused = Một mục nhật ký bị từ chối: { $refused }.
moves-set-aside-from-entry = Bàn chơi đã theo nhật ký của chủ bàn khác: các nước đi từ mục { $from } trở đi được để riêng (bằng chứng vẫn giữ chúng).

## ui/screen/game/panel.rs

the-table-is-closed = Bàn đã đóng.
the-table-is-paused-2 = Bàn đang tạm dừng.
the-game-is-over-2 = Ván đã kết thúc.
who-to-roll = Đến lượt { $who } gieo
who-to-move-a-pawn = { $who } đi một quân { $n } ô
who-to-challenge-a-rival = { $who } chọn đối thủ để thách đấu
who-to-mark-the-duel = { $who } đánh dấu trên bàn đấu
roll-the-die = Gieo xúc xắc
move-a-glowing-pawn = Đi một quân đang sáng
challenge-a-rival = Thách đấu một đối thủ
mark-the-duel-board = Đánh dấu bàn đấu
your-turn-who-what = Đến lượt bạn, { $who }: { $what }
your-turn-what = Đến lượt bạn: { $what }
roll = Gieo
space-or-enter-rolls = Nhấn Space hoặc Enter để gieo
click-a-glowing-pawn-or = Bấm vào quân đang sáng, hoặc ←/→ rồi Enter, hoặc số của quân
hint = Gợi ý
left-s-left-to-decide = còn { $left } giây để quyết định
turn-timer-secs-s-a = Giới hạn: { $secs } giây mỗi lần quyết định
verify-dice = Kiểm tra xúc xắc
leave-the-table = Rời bàn
sound-on = Âm thanh bật
muted-2 = Đã tắt tiếng
react = Bày tỏ
hide = Ẩn
show-all = Xem hết
table-rules = Luật của bàn
colour-yours-next-game = { $colour }: của bạn ván sau
reserve-colour = Giữ chỗ { $colour }
rematch = Chơi lại
resume = Tiếp tục
close-the-table = Đóng bàn
pause = Tạm dừng

## ui/screen/game/reactions.rs

slow-down-three-reactions-every = Chậm lại: ba lần bày tỏ mỗi hai giây.

## ui/screen/game/seam.rs

colour-is-yours-in-the = { $colour } là của bạn ở ván sau.
colour-is-not-held-for = { $colour } không được giữ cho bạn: { $why }.
the-network-game-stopped-why = Ván chơi qua mạng đã dừng: { $why }.

## ui/screen/game/seats.rs

empty-seat = Ghế trống
bot-level-badge = MÁY · { $level }
this-computer = MÁY NÀY
remote = Ở XA
away-bot-plays = VẮNG · MÁY CHƠI THAY
team-badge = ĐỘI { $team }
place-place = HẠNG { $place }
home-home = { $home } về đích
unmute = Bật tiếng
mute = Tắt tiếng

## ui/screen/game/verify.rs

game-id = Ván { $id }
the-host-signed-two-different = Chủ bàn đã ký hai mục #{ $at } khác nhau: chủ bàn đã gian lận, và bằng chứng này cho thấy điều đó.
refused-refused = Bị từ chối: { $refused }
commitments-each-seats-dice-chain = Cam kết (đầu chuỗi xúc xắc của mỗi ghế)
n-rolls-newest-first = { $n } lượt gieo, mới nhất trước
where-to-save-the-proof = Nơi lưu bằng chứng
save-the-proof = Lưu bằng chứng
anyone-can-check-the-file = Ai cũng có thể kiểm tra tệp này khi không có mạng: ludopia verify FILE
back-to-the-board = Quay lại bàn cờ
seq-who-rolled-face = #{ $seq } { $who } gieo được { $face }
seq-first-player-draw-who = #{ $seq } bốc thăm người đi đầu: { $who } đi trước
seq-a-roll-of-face = #{ $seq } gieo được { $face }
bot = { " " }· máy
timeout = { " " }· hết giờ
verified = đã xác minh
not-verified = CHƯA xác minh được
none-the-links-do-not = không có: các mắt xích không khớp
roll-k-links-links-seed = lượt gieo { $k } · mắt xích { $links } · hạt giống { $seed }

## ui/screen/game/view.rs

leave-the-table-question = Rời bàn?
yes-leave = Có, rời bàn
leave-the-table-the-game = Rời bàn? Ván đã được lưu: tiếp tục từ màn hình chính.
leave-your-seat-the-game = Rời bàn? Ván vẫn tiếp tục: máy chơi thay ghế của bạn cho đến khi bạn tiếp tục từ màn hình chính.
close-the-table-for-everyone = Đóng bàn cho mọi người? Ván kết thúc tại đây.
yes-close-it = Có, đóng bàn
stay = Ở lại
last-moves = Nước đi gần đây
challenge-who = Thách { $who }
who-challenged-whom = { $who } đã thách đấu { $whom }
who-wins-the-duel-2 = { $who } thắng trận đấu!
you-win = Bạn thắng!
who-wins = { $who } thắng!
game-over = Hết ván
leave = Rời đi

## ui/screen/setup/plan.rs

slow = Chậm
fast = Nhanh
