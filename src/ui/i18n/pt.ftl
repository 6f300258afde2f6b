### Brazilian Portuguese: CLDR's one covers 0 and 1.
### Grouped by the first file that says them; ui/i18n/tests.rs checks them.

## ui/emote.rs

good-luck = Boa sorte!
nice-move = Bela jogada!
oops = Ops!
hurry-up = Anda logo!
well-played = Bem jogado!
thanks = Valeu!

## ui/mod.rs

settings-not-read-e-defaults = Configurações não lidas ({ $e }); usando os padrões.

## ui/narrate.rs

you-start = Você começa
who-starts = { $who } começa
you-rolled-a-face = Você tirou { $face }
who-rolled-a-face = { $who } tirou { $face }
you-dropped-out-a-bot = Você caiu: um robô joga no seu lugar
who-dropped-out-a-bot = { $who } caiu: um robô joga no lugar
you-left-a-bot-plays = Você saiu: um robô joga no seu lugar
who-left-a-bot-plays = { $who } saiu: um robô joga no lugar
you-are-back = Você voltou
who-is-back = { $who } voltou
your-seat-changes-hands = Seu lugar muda de controle
who-changes-hands = { $who } muda de controle
your-dice-link-did-not = Seu elo de dados não chegou: um robô joga no seu lugar
who-s-dice-link-did = o elo de dado de { $who } não chegou: um robô joga no lugar
the-table-is-paused = A mesa está pausada
the-table-resumes = A mesa retoma o jogo
the-table-closes = A mesa fecha
you-host-the-table-now = Agora você é o anfitrião da mesa
who-hosts-the-table-now = { $who } agora é o anfitrião da mesa
you-cannot-move = Você não pode mover
who-cannot-move = { $who } não pode mover
you-bring-a-pawn-out = Você tira um peão da base
who-brings-a-pawn-out = { $who } tira um peão da base
you-bring-a-pawn-home = Você leva um peão até a chegada
who-brings-a-pawn-home = { $who } leva um peão até a chegada
three-sixes-you-lose-the = Três seis: você perde a vez
three-sixes-who-loses-the = Três seis: { $who } perde a vez
a-pawn-of-yours-goes = Um peão seu volta à base
a-pawn-of-who-goes = Um peão de { $who } volta à base
you-roll-again = Você joga de novo
who-rolls-again = { $who } joga de novo
you-finish-place = Você termina em { $place }
who-finishes-place = { $who } termina em { $place }
the-duel-is-drawn-and = O duelo empatou e recomeça
you-win-the-duel = Você vence o duelo
who-wins-the-duel = { $who } vence o duelo
the-game-is-over = A partida acabou
you-move-steps = Você anda { $steps ->
    [one] 1 casa
   *[other] { $steps } casas
} com um peão
who-moves-steps = { $who } anda { $steps ->
    [one] 1 casa
   *[other] { $steps } casas
} com um peão
you-mark-a-square = Você marca uma casa
who-marks-a-square = { $who } marca uma casa
you-capture-a-pawn-of = Você captura um peão de { $whom }!
who-captures-your-pawn = { $who } captura seu peão!
who-captures-a-pawn-of = { $who } captura um peão de { $whom }!
you-challenge-whom = Você desafia { $whom }
who-challenges-you = { $who } desafia você
who-challenges-whom = { $who } desafia { $whom }
ordinal = { $n }º

## ui/palace.rs

dusk = Crepúsculo
night = Noite

## ui/prefs.rs

you = Você

## ui/words.rs

refusal-not-your-seat = esse lugar não é seu
refusal-not-host = só o anfitrião pode fazer isso
refusal-not-your-turn = não é a vez desse lugar
refusal-closed = a mesa está fechada
refusal-paused = a mesa está pausada
refusal-game-over = a partida acabou
refusal-not-sealed = a partida ainda não começou
refusal-colour-taken = essa cor já foi escolhida
refusal-bad-reveal = um elo de dados foi recusado ({ $why })
refusal-rules = as regras não permitem ({ $why })
refusal-setup = a partida não pode começar ({ $why })
denial-table-full = a mesa está cheia
denial-full-now = o jogo já começou: a mesa está cheia
denial-begun = o jogo já começou
denial-offer-lapsed = esse lugar não foi oferecido, ou a oferta expirou: entre de novo
denial-not-for-guest = esse lugar não é para um convidado
denial-starting-again = o anfitrião está recomeçando: ainda não
denial-join-first = entre na mesa primeiro
denial-watch-first = assista à mesa primeiro
denial-plays = este computador joga nesta mesa
denial-caught-lying = esse anfitrião foi pego mentindo
denial-out-of-step = os computadores da mesa estão fora de sincronia ({ $why })
notice-damaged = não foi possível ler { $file } ({ $why }); ele foi guardado como { $kept }
notice-newer = { $file } é de um Ludopia mais novo (formato { $version }); ele foi guardado como { $kept }
play-network-stopped = a rede parou
play-no-address = nenhum endereço para escutar
play-left = este computador saiu da mesa
play-stopped-watching = este computador parou de assistir
play-code-not-reached = nenhuma mesa com o código { $code } respondeu em { $secs } s
play-code-not-found = nenhuma mesa com o código { $code } respondeu em { $secs } s { $places }
play-invite-not-reached = a mesa do convite não respondeu em { $secs } s
play-lan-not-reached = a mesa da rede local não respondeu em { $secs } s
play-host-refused = o anfitrião recusou: { $why }
play-table-filled = nenhum lugar pôde ser ocupado: a mesa lotou nesse meio-tempo
play-host-left = o anfitrião saiu antes de o jogo começar
play-host-fault = o anfitrião quebrou as regras do jogo em rede ({ $what })
play-saved = o jogo salvo não pode ser retomado ({ $why })
play-table = a mesa deste computador não pode continuar ({ $what })
play-expired = ninguém esteve ligado à mesa durante { $secs } s, por isso ela fechou antes do fim do jogo
net-stopped = a rede foi encerrada
net-oversized = uma mensagem de { $len } bytes passa do limite de { $max } bytes
net-malformed = uma mensagem malformada ({ $why })
net-newer = a versão da mesa é mais nova (protocolo { $theirs }, este app fala { $ours }): atualize o Ludopia para entrar
net-older = a versão da mesa é mais antiga (protocolo { $theirs }, este app fala { $ours }): o anfitrião precisa atualizar o Ludopia
net-rate-limited = a mesa recusou a mensagem: mensagens demais em pouco tempo
net-no-table = nenhuma mesa com esse código está aberta lá
net-unanswered = a mesa não respondeu
net-unreachable = não foi possível alcançar a mesa ({ $why })
net-no-reply = a mesa não respondeu ({ $why })
net-setup = a rede não pôde iniciar ({ $why })
net-public-silent = nenhum par da rede pública respondeu: este computador está conectado à internet?
net-code-not-found = nenhuma mesa com o código { $code } foi encontrada { $places }
searched-lan = na rede local
searched-lan-relays = na rede local ou nos relays
searched-lan-public = na rede local ou na rede pública
searched-everywhere = na rede local, nos relays ou na rede pública

## ui/app/mod.rs

the-saved-game-cannot-resume = Não dá para continuar a partida salva: { $e }
no-profile-folder-games-are = Sem pasta de perfil: as partidas não são guardadas.
not-saved-e = Não salvo: { $e }
cannot-open-the-game-e = Não foi possível abrir a partida: { $e }
saved = Salvo.
not-saved-no-profile-folder = Não salvo: sem pasta de perfil.

## ui/app/network.rs

going-back-to-your-table = Voltando à sua mesa…
this-computer-holds-no-seat = este computador não tem lugar na mesa
this-computer-is-not-watching = este computador não está assistindo a essa mesa
this-network-cannot-be-searched = Não é possível procurar nesta rede: { $why }.

## ui/screen/history.rs

vs-level-bots = contra robôs ({ $level })
vs-people = contra pessoas
vs-people-and-bots = contra pessoas e robôs
bots-only = só robôs
house-rules = Regras da casa
replay = Rever
no-finished-games-yet = Nenhuma partida terminada ainda.
history = Histórico

## ui/screen/home.rs

resume-game = Continuar partida
resume-network-game = Continuar partida em rede
a-saved-game-is-waiting = Há uma partida salva esperando. Uma nova partida a substitui.
start-a-new-game = Começar uma nova partida
app-name = Ludopia
welcome-name-pull-up-a = Bem-vindo, { $name }. Pegue uma almofada e sente-se.
welcome-pull-up-a = Bem-vindo! Pegue uma almofada e sente-se.
play-on-this-computer = Jogar neste computador
host-a-table = Abrir uma mesa
join-a-table = Entrar numa mesa
how-to-play = Como jogar
statistics = Estatísticas
settings = Configurações

## ui/screen/how_to.rs

each-player-has-n-pawns-in-a-yard-2 = Cada jogador tem { $n } peões na base. Leve todos pela volta do tabuleiro e pela sua reta final até o centro.
each-player-has-n-pawns-in-a-yard = Cada jogador tem { $n } peões na base. Leve um deles pela volta do tabuleiro e pela sua reta até o centro: você termina com o primeiro peão em casa, e os outros saem do tabuleiro.
n-of-your-pawns-begin =
    { $n ->
        [one] { $n } dos seus peões começa na sua casa de saída.
       *[other] { $n } dos seus peões começam na sua casa de saída.
    }
opposite-seats-play-as-partners-partners = Lugares opostos jogam em dupla. Parceiros dividem casas e nunca se capturam. Depois que você termina, seus lances movem os peões do parceiro.
on-your-turn-roll-the = Na sua vez, jogue o dado e ande com um peão esse número de casas.
on-your-turn-challenge-a = Na sua vez, desafie um adversário no jogo da velha; quem vencer o duelo joga o dado e anda. Em caso de empate, o duelo recomeça com X e O trocados.
a-pawn-leaves-its-yard = Um peão só sai da base com um 6, para a sua casa de saída.
it-cannot-leave-while-one = Ele não pode sair enquanto um peão seu estiver na casa de saída.
a-6-gives-another-roll = Tirar 6 dá direito a jogar de novo.
sixes-in-a-row-carry = Tirar 6 várias vezes seguidas não tem penalidade.
a-third-six-in-a-row-ends = O terceiro 6 seguido encerra sua vez sem mover.
a-third-six-in-a-row-sends = O terceiro 6 seguido manda seu peão mais adiantado de volta à base.
land-on-a-rivals-pawn-to-send-it = Pare sobre um peão adversário para mandá-lo de volta à base e jogue de novo.
land-on-a-rivals-pawn-to-send-it-2 = Pare sobre um peão adversário para mandá-lo de volta à base.
if-you-can-capture-you = Se puder capturar, é obrigatório: mover outro peão no lugar manda seu peão mais adiantado de volta à base.
pawns-on-the-start-squares = Peões nas casas de saída e nas estrelas estão protegidos.
no-square-is-safe = Nenhuma casa é protegida.
only-one-pawn-may-stand = Só cabe um peão por casa.
no-pawn-may-pass-another-pawn = Nenhum peão pode passar por outro.
reach-the-centre-with-an = Chegue ao centro com o número exato.
your-lanes-first-four-squares = As quatro primeiras casas da sua reta final são as suas casas de chegada, um peão em cada.
your-pawns-turn-up-your-lane-only-once-2 = Seus peões só entram na sua reta depois que você ou seu parceiro capturarem um peão; até lá dão outra volta no tabuleiro.
your-pawns-turn-up-your-lane-only-once = Seus peões só entram na sua reta depois que você capturar um peão; até lá dão outra volta no tabuleiro.
going-round-a-pawn-never = Dando a volta, um peão nunca para na casa logo antes da sua saída.
bringing-a-pawn-home-gives = Levar um peão até a chegada dá direito a jogar de novo.
the-first-team-with-both = A primeira dupla com os dois parceiros terminados vence; a outra fica em segundo.
the-first-player-with-every = Vence o primeiro jogador a levar todos os peões até a chegada.
the-first-player-with-a = O primeiro jogador com um peão em casa vence.
play-on-until-every-place = Continue jogando até definir todas as colocações.
each-decision-has-n-seconds =
    { $n ->
        [one] Cada decisão tem { $n } segundo; depois a mesa joga por você.
       *[other] Cada decisão tem { $n } segundos; depois a mesa joga por você.
    }
n-pawns =
    { $n ->
        [one] { $n } peão
       *[other] { $n } peões
    }
out-out = { $out } na saída
first-pawn-home = primeiro peão em casa
capture-to-enter-home-2 = capturar para entrar em casa
teams-2 = duplas
n-2-v-2-teams = Duplas 2 contra 2

## ui/screen/joining.rs

connected-directly-to-the-table = Conectado diretamente à mesa ({ $at }).
connected-through-the-relay-at = Conectado pelo relay em { $at }; tentando abrir uma conexão direta.
your-link-to-the-host-is-direct = Sua conexão com o anfitrião é direta.
your-link-to-the-host-goes-through = Sua conexão com o anfitrião passa por um relay.
an-invite-link-opened-ludopia = Um link de convite abriu o Ludopia: aperte Entrar para sentar à mesa dele.
could-not-join-why = Não foi possível entrar: { $why }.
type-a-code = Digite o código da mesa (6 letras) ou cole um link de convite.
invite-unreadable = Não foi possível ler esse convite ({ $why }): peça-o de novo.
not-a-room-code = “{ $typed }” não é um código de sala: um código tem 6 letras, de A a Z.
asking-the-table-to-let = Pedindo à mesa para você assistir…
looking-for-table-code-on = Procurando a mesa { $code } { $places }…
joining-the-table = Entrando na mesa…
no-open-table-on-this = Nenhuma mesa aberta nesta rede ou nos seus relays ainda.
no-open-table-here = Nenhuma mesa aberta nesta rede ainda.
host-preset = { $host } · { $preset }
unnamed-host = Uma mesa
table-game-under-way = { $table } · partida em curso
table-n-watching = { $table } · { $n } assistindo
via-a-relay = via relay
on-this-network = nesta rede
join-as-colour = Entrar como { $colour }
watch = Assistir
room-code-or-invite = Código da sala ou convite
back = Voltar
open-tables = Mesas abertas
a-room-code-or-an = Um código de sala ou um convite
join = Entrar

## ui/screen/replay.rs

verified-valid = Verificado: { $valid }
does-not-verify-invalid = Não confere: { $invalid }
the-table-is-set = A mesa está pronta.
entry-n-of-total = Registro { $n } de { $total }

## ui/screen/settings.rs

move-by-itself-when-every = Mover sozinho quando todas as jogadas são iguais
enter-moves-the-first-movable = Enter move o primeiro peão que pode andar
a-shape-on-each-pawn = Uma forma em cada peão além da cor
hints-at-tables-with-other = Dicas também em mesas com outras pessoas
not-saved-bad-is-not-a-relay = Não salvo: { $bad } não é um endereço de relay (/ip4/…/tcp/…/p2p/…).
not-saved-bad-is-not-a-peers = Não salvo: { $bad } não é o endereço de um peer (…/p2p/…).
system-language = Idioma do sistema
your-name = Seu nome
language = Idioma
sky-over-the-palace = Céu sobre o palácio
bot-speed = Velocidade dos robôs
sound = Som
on = Ligado
off = Desligado
volume-v = Volume { $v }%
helpers-at-the-table = Ajudas na mesa
relays-for-play-across-the = Relays para jogar pela internet
the-addresses-your-relays-owners = Os endereços que os donos dos seus relays lhe dão, separados por espaços.
meeting-by-room-code-across = Encontrar-se pelo código da sala pela internet
computers-of-the-public-network = Computadores da rede pública por onde começar, separados por espaços; vazio, os de sempre.
drawing-the-board = Desenho do tabuleiro
graphics-card = Placa de vídeo
processor-slower-works-everywhere = Processador (mais lento, funciona em qualquer lugar)
software-drawing-works-on-any = A renderização por software funciona em qualquer máquina; vale a partir da próxima abertura.
save = Salvar

## ui/screen/setup.rs

random = Aleatório
easy = Fácil
normal = Normal
hard = Difícil
classic = Clássico
plaza = Praça
race = Corrida
palace = Palácio
quick = Rápido
red = Vermelho
green = Verde
yellow = Amarelo
blue = Azul
pawns = Peões
pawns-starting-out = Peões já na saída
goal = Objetivo
capture-to-enter-home = Capturar para entrar em casa
teams = Duplas
capture-bonus = Bônus por captura
arrival-bonus = Bônus por chegada
safe-squares = Casas protegidas
three-sixes = Três seis
own-pawn-blocks-the-start = Peão próprio bloqueia a saída
one-pawn-per-space = Um peão por casa
blocking = Bloqueio
four-home-spaces = Quatro casas finais
must-capture = Captura obrigatória
first-home-wins = Primeiro a chegar vence
duel-for-the-die = Duelo pelo dado
first-player = Primeiro jogador
how-many-pawns-each-player = Quantos peões cada jogador leva pela volta.
pawns-that-begin-on-the = Peões que começam na casa de saída em vez da base.
a-player-finishes-with-every = Um jogador termina com todos os peões em casa, ou com o primeiro.
pawns-go-round-again-until = Os peões dão outra volta até o jogador (ou a dupla) ter capturado.
opposite-seats-play-as-partners-needs = Lugares opostos jogam em dupla; precisa dos quatro lugares.
capturing-a-pawn-earns-another = Capturar um peão dá direito a jogar de novo.
bringing-a-pawn-home-earns = Levar um peão até a chegada dá direito a jogar de novo.
starts-and-stars-shelter-every = Casas de saída e estrelas protegem todos os peões que estão nelas.
what-a-third-six-in = O que faz o terceiro seis seguido.
no-pawn-may-leave-the = Nenhum peão pode sair da base para cima de um peão da mesma cor.
at-most-one-pawn-on = No máximo um peão por casa; sem empilhar os seus.
no-pawn-may-pass-another-pawn-on = Nenhum peão pode passar por outro, no percurso ou na reta final.
the-lanes-first-four-squares = As quatro primeiras casas da reta são a casa final, um peão em cada.
skip-a-possible-capture-and = Deixe de fazer uma captura possível e seu peão mais adiantado volta à base.
the-game-ends-when-the = A partida termina quando o primeiro jogador chega.
win-a-tic-tac-toe = Vença um duelo de jogo da velha para ganhar cada jogada (palácio).
who-opens-drawn-with-the = Quem começa: sorteado com os dados justos, ou o primeiro lugar.
all-pawns = Todos os peões
one-pawn = Um peão
none = Nenhuma
opposite-seats = Lugares opostos
nothing = Nada
turn-forfeit = Perde a vez
leading-pawn-home = Peão da frente volta
first-seat = Primeiro lugar
classic-ludo-a-6-to = Ludo clássico: 6 para sair, capturas, estrelas protegidas.
plaza-no-capture-bonus-first = Praça: sem bônus por captura, o primeiro a chegar vence, vez de 60 s.
race-one-pawn-a-square = Corrida: um peão por casa, bloqueios, quatro casas de chegada.
palace-duel-at-tic-tac = Palácio: duelo de jogo da velha a cada jogada.
quick-one-pawn-out-capture = Rápido: um peão fora, capture para abrir a casa, o primeiro peão em casa vence.
empty = Vazio
person-here = Pessoa aqui
friend-remote = Amigo (remoto)
bot-level = Robô · { $level }
these-rules-cannot-be-played = Estas regras não podem ser jogadas: { $why }
teams-need-all-four-seats = Duplas precisam dos quatro lugares ocupados.
player-n = Jogador { $n }
name-for-these-rules = Nome para estas regras
save-as-a-preset = Salvar como predefinição
no-timer = Sem limite
open-the-table = Abrir a mesa
start-the-game = Começar a partida
set-the-table = Arrume a mesa
seats = Lugares
rules = Regras
your-preset-name = Sua predefinição: { $name }
turn-timer = Tempo por vez
who-can-find-the-table = Quem pode encontrar a mesa
listed-on-this-network-and = Listada: nesta rede e nos seus relays
private-by-code-or-invite = Privada: só por código ou convite

## ui/screen/stats.rs

games = Partidas
wins = Vitórias
place-2nd = 2º
place-3rd = 3º
place-4th = 4º
too-few-rolls-to-judge = Poucas jogadas para avaliar ainda (são necessárias 30 ou mais).
consistent-with-a-fair-die = Compatível com um dado honesto.
a-little-unusual-fair-dice = Um pouco incomum: dados honestos fazem isso cerca de uma vez a cada 20 a 100 séries de jogadas.
very-unusual-fair-dice-do = Muito incomum: dados honestos fazem isso menos de uma vez a cada 100 séries de jogadas.
preset = Modo
all-games = Todas as partidas
opponents = Adversários
face = Face
rolled = Saiu
expected = Esperado
n-rolls-chi-square-x = { $n } jogadas · qui-quadrado { $x } (5 graus de liberdade) · p = { $p } · valores críticos { $c5 } (5%) e { $c1 } (1%)
the-dice = O dado
no-games-counted-yet = Nenhuma partida contada ainda: cada partida que você terminar aqui, num computador ou pela rede, conta, com cada lançamento do dado.

## ui/screen/waiting.rs

a-friend-joined = Um amigo entrou
waiting-for-a-friend = Esperando um amigo…
play-a-bot-instead = Jogar com um bot no lugar
copied = Copiado
copy-link = Copiar link
copy = Copiar
the-table-stopped-why = A mesa parou: { $why }.
opening-the-table = Abrindo a mesa…
every-seat-is-taken-the = Todos os lugares estão ocupados: o jogo começa.
waiting-for-n-more-friends =
    { $n ->
        [one] Esperando mais { $n } amigo; o jogo começa quando todos os lugares estiverem ocupados.
       *[other] Esperando mais { $n } amigos; o jogo começa quando todos os lugares estiverem ocupados.
    }
your-table = Sua mesa
cancel = Cancelar
room-code = Código da sala
friends-on-this-network-type = Amigos nesta rede digitam o código; os demais precisam do convite.
friends-anywhere-type-the = Amigos em qualquer lugar digitam o código ou abrem o convite.
invite = Convite

## ui/screen/game/keep.rs

no-profile-folder = não há pasta de perfil
welcome-back-the-game-resumes = Bem-vindo de volta: a partida continua de onde parou.
the-game-is-no-longer = A partida não está mais sendo salva: { $e }

## ui/screen/game/keys.rs

it-reaches-home = ele chega em casa
it-captures = ele captura
it-brings-a-pawn-out = ele tira um peão da base
it-lands-safe = ele para em lugar seguro
it-moves-on = ele avança
hint-pawn-n-why = Dica: peão { $n }, { $why }.

## ui/screen/game/mod.rs

friend-colour = Amigo ({ $colour })
you-are-watching-this-table = Você está assistindo a esta mesa.
the-table-is-set-good = A mesa está pronta. Boa sorte!
starting-another-game-with-the = Começando outra partida com o mesmo grupo…
the-connection-to-the-table = A conexão com a mesa foi fechada.
not-allowed-refusal = Não permitido: { $refusal }.
saved-to-path = Salvo em { $path }
a-log-entry-was-refused = Um registro do histórico foi recusado: { $refused }.
moves-set-aside-from-entry = A mesa seguiu o histórico de outro anfitrião: as jogadas a partir do registro { $from } ficam de lado (a prova as guarda).

## ui/screen/game/panel.rs

the-table-is-closed = A mesa está fechada.
the-table-is-paused-2 = A mesa está pausada.
the-game-is-over-2 = A partida acabou.
who-to-roll = Vez de { $who } jogar o dado
who-to-move-a-pawn =
    { $n ->
        [one] { $who } deve mover um peão { $n } casa
       *[other] { $who } deve mover um peão { $n } casas
    }
who-to-challenge-a-rival = { $who } deve desafiar um adversário
who-to-mark-the-duel = { $who } deve marcar o tabuleiro do duelo
roll-the-die = Jogue o dado
move-a-glowing-pawn = Mova um peão brilhante
challenge-a-rival = Desafie um rival
mark-the-duel-board = Marque o tabuleiro do duelo
your-turn-who-what = Sua vez, { $who }: { $what }
your-turn-what = Sua vez: { $what }
roll = Jogar
space-or-enter-rolls = Espaço ou Enter joga o dado
click-a-glowing-pawn-or = Clique num peão brilhante, ou ←/→ e Enter, ou o número dele
hint = Dica
left-s-left-to-decide = { $left } s para decidir
turn-timer-secs-s-a = Tempo: { $secs } s por decisão
verify-dice = Verificar dados
leave-the-table = Sair da mesa
sound-on = Som ligado
muted-2 = Sem som
react = Reagir
hide = Ocultar
show-all = Ver tudo
table-rules = Regras da mesa
colour-yours-next-game = { $colour }: seu na próxima partida
reserve-colour = Reservar { $colour }
rematch = Revanche
resume = Retomar
close-the-table = Fechar a mesa
pause = Pausar

## ui/screen/game/reactions.rs

slow-down-three-reactions-every = Calma: três reações a cada dois segundos.

## ui/screen/game/seam.rs

colour-is-yours-in-the = { $colour } é seu na próxima partida.
colour-is-not-held-for = { $colour } não foi reservado para você: { $why }.
the-network-game-stopped-why = O jogo em rede parou: { $why }.

## ui/screen/game/seats.rs

empty-seat = Lugar vazio
bot-level-badge = ROBÔ · { $level }
this-computer = ESTE COMPUTADOR
remote = REMOTO
away-bot-plays = AUSENTE · ROBÔ JOGA
team-badge = EQUIPE { $team }
place-place = { $place } LUGAR
home-home = { $home } na chegada
unmute = Ouvir
mute = Silenciar

## ui/screen/game/verify.rs

game-id = Partida { $id }
the-host-signed-two-different = O anfitrião assinou duas entradas #{ $at } diferentes: ele mentiu, e esta prova mostra isso.
refused-refused = Recusado: { $refused }
commitments-each-seats-dice-chain = Compromissos (o início da cadeia de dados de cada lugar)
n-rolls-newest-first =
    { $n ->
        [one] { $n } jogada, a mais recente primeiro
       *[other] { $n } jogadas, as mais recentes primeiro
    }
where-to-save-the-proof = Onde salvar a prova
save-the-proof = Salvar a prova
anyone-can-check-the-file = Qualquer pessoa pode conferir o arquivo sem internet: ludopia verify FILE
back-to-the-board = Voltar ao tabuleiro
seq-who-rolled-face = #{ $seq } { $who } tirou { $face }
seq-first-player-draw-who = #{ $seq } sorteio de quem começa: { $who } começa
seq-a-roll-of-face = #{ $seq } saiu { $face }
bot = { " " }· robô
timeout = { " " }· tempo esgotado
verified = verificado
not-verified = NÃO verificado
none-the-links-do-not = nenhuma: os elos não batem
roll-k-links-links-seed = jogada { $k } · elos { $links } · semente { $seed }

## ui/screen/game/view.rs

leave-the-table-question = Sair da mesa?
yes-leave = Sim, sair
leave-the-table-the-game = Sair da mesa? A partida está salva: continue-a pela tela inicial.
leave-your-seat-the-game = Sair da mesa? A partida continua: um robô joga no seu lugar até você continuá-la pela tela inicial.
close-the-table-for-everyone = Fechar a mesa para todos? A partida termina aqui.
yes-close-it = Sim, fechar
stay = Ficar
last-moves = Últimas jogadas
challenge-who = Desafiar { $who }
who-challenged-whom = { $who } desafiou { $whom }
who-wins-the-duel-2 = { $who } vence o duelo!
you-win = Você venceu!
who-wins = { $who } vence!
game-over = Fim de jogo
leave = Sair

## ui/screen/setup/plan.rs

slow = Devagar
fast = Rápido
