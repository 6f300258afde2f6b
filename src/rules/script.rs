//! The game-script notation (RULES.md's words): a script sets a game up
//! (`preset`, `rules`, `seats`, `position`) and plays `actions`; the state
//! it reaches is written back with colours, not seats. Typed and derived
//! with serde, so `ludopia script`, `ludopia engine` and the tests read and
//! write one notation, and a malformed script is refused by serde with the
//! field and place it is wrong at.

use super::{
    Action, Bonus, Colour, Event, Face, Game, Illegal, Penalty, Phase, Preset, Progress, Rules, Seat,
    SeatSet, Setup,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;

/// A game script.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    /// The preset whose rules the game starts from (classic when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<Preset>,
    /// House rules: RULES.md parameters by name, over the preset's. Kept as
    /// JSON because [`Rules::with_overrides`] checks each name and value.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub rules: Map<String, Value>,
    /// The colours that play (all four when absent); `seats` among the
    /// rules means the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<Colour>>,
    /// Where the game starts; a new game when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Scene>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<Step>,
}

/// A position: whose turn it is, every listed colour's pawns, and who has
/// captured. Colours it does not list stand as in a new game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<Colour>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", deserialize_with = "by_colour")]
    pub pawns: BTreeMap<Colour, Vec<Progress>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captured: Vec<Colour>,
}

/// Pawns by colour name, read as text first so that an error names the
/// colour it is under (`position.pawns.red[3]`).
fn by_colour<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BTreeMap<Colour, Vec<Progress>>, D::Error> {
    BTreeMap::<String, Vec<Progress>>::deserialize(d)?
        .into_iter()
        .map(|(name, pawns)| {
            let colour = Colour::from_name(&name).ok_or_else(|| {
                serde::de::Error::custom(format!("unknown colour `{name}` (red, green, yellow, blue)"))
            })?;
            Ok((colour, pawns))
        })
        .collect()
}

/// One action, played by whoever is to act: `{"roll": 4}`, `{"move": 2}`,
/// `{"challenge": "green"}`, `{"mark": 4}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// The face rolled: a number 1 to 6, anything else refused as read.
    Roll(Face),
    /// The pawn's index.
    Move(u8),
    Challenge(Colour),
    /// The duel board's cell, 0 to 8 row by row.
    Mark(u8),
}

/// Why a script cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptError {
    /// The script does not set a game up: what and where.
    Malformed(String),
    /// Action `index` (from 0) is illegal in the position reached, at a
    /// table of these `rules` (which name its seats' colours).
    Illegal { index: usize, reason: Illegal, rules: Rules },
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptError::Malformed(why) => f.write_str(why),
            ScriptError::Illegal { index, reason, rules } => {
                write!(f, "actions[{index}]: {}", reason.in_colours(rules))
            }
        }
    }
}

impl std::error::Error for ScriptError {}

fn malformed(why: String) -> ScriptError {
    ScriptError::Malformed(why)
}

impl Script {
    /// Reads a script from JSON text.
    pub fn from_json(text: &str) -> Result<Script, ScriptError> {
        let json = serde_json::from_str(text).map_err(|e| malformed(format!("not valid JSON: {e}")))?;
        Script::from_value(json)
    }

    /// Reads a script from parsed JSON; a wrong field is named by its path.
    pub fn from_value(json: Value) -> Result<Script, ScriptError> {
        if !json.is_object() {
            return Err(malformed(format!(
                "a game script is a JSON object of preset, rules, seats, position and actions, not {json}"
            )));
        }
        serde_path_to_error::deserialize(json).map_err(|e| {
            let path = e.path().to_string();
            malformed(format!("{path}: {}", e.into_inner()))
        })
    }

    /// The game the script sets up, before its actions.
    pub fn start(&self) -> Result<Game, ScriptError> {
        let (rules, in_rules) = house_rules(self.preset.unwrap_or(Preset::Classic), &self.rules)?;
        let players = match &self.seats {
            Some(colours) => players(colours, &rules)?,
            None => in_rules.unwrap_or(SeatSet::FULL),
        };
        let setup = self
            .position
            .as_ref()
            .map_or(Ok(first_setup(rules, players)), |scene| scene.setup(rules, players))?;
        Game::from_setup(setup).map_err(|e| malformed(format!("position: {}", e.in_colours(&rules))))
    }

    /// Plays the script: the game reached and the events on the way.
    pub fn play(&self) -> Result<(Game, Vec<Event>), ScriptError> {
        self.play_from(self.start()?)
    }

    /// The script's actions played from `game`, its [`Script::start`] (a
    /// caller that checks the start first builds it once).
    pub fn play_from(&self, mut game: Game) -> Result<(Game, Vec<Event>), ScriptError> {
        let mut events = Vec::new();
        for (index, step) in self.actions.iter().enumerate() {
            let Some(actor) = game.to_act() else {
                return Err(ScriptError::Illegal { index, reason: Illegal::GameOver, rules: *game.rules() });
            };
            let (next, happened) = game
                .apply(step.action(actor, game.rules()))
                .map_err(|reason| ScriptError::Illegal { index, reason, rules: *game.rules() })?;
            events.extend(happened);
            game = next;
        }
        Ok((game, events))
    }
}

/// `preset`'s rules with `overrides`, RULES.md parameters by name (house
/// rules, as scripts, `sim --rules` and `host --rules` give them), and the
/// colours that play when `seats` is among them. Every caller reads them
/// here, so one name means one thing everywhere.
pub fn house_rules(
    preset: Preset,
    overrides: &serde_json::Map<String, Value>,
) -> Result<(Rules, Option<SeatSet>), ScriptError> {
    let mut overrides = overrides.clone();
    let seats = overrides
        .remove("seats")
        .map(|v| serde_json::from_value::<Vec<Colour>>(v).map_err(|e| malformed(format!("seats: {e}"))))
        .transpose()?;
    let rules =
        preset.rules().with_overrides(&Value::Object(overrides)).map_err(|e| malformed(e.to_string()))?;
    let players = seats.map(|colours| players(&colours, &rules)).transpose()?;
    Ok((rules, players))
}

/// Scripts draw nothing: the first playing colour in colour order starts
/// (in a position, the first that has not finished: [`Setup::first_playing`]).
fn first_setup(rules: Rules, players: SeatSet) -> Setup {
    Setup::new(rules, players, players.iter().next().unwrap_or(Seat::ALL[0]))
}

/// The playing seats of a list of colours: 2 to 4, none twice, all four
/// at a team table.
fn players(colours: &[Colour], rules: &Rules) -> Result<SeatSet, ScriptError> {
    let mut players = SeatSet::EMPTY;
    for (i, &colour) in colours.iter().enumerate() {
        let seat = rules.seat_of(colour);
        if players.contains(seat) {
            return Err(malformed(format!("seats[{i}]: {} is named twice", colour.name())));
        }
        players = players.with(seat);
    }
    if !(2..=4).contains(&players.len()) {
        return Err(malformed(format!("seats: 2 to 4 colours play, not {}", players.len())));
    }
    if rules.has_teams() && players.len() != 4 {
        return Err(malformed(format!(
            "seats: teams = opposite needs all four seats, not {}",
            players.len()
        )));
    }
    Ok(players)
}

impl Scene {
    fn setup(&self, rules: Rules, players: SeatSet) -> Result<Setup, ScriptError> {
        let mut setup = first_setup(rules, players);
        let playing = |colour: Colour, at: &str| {
            let seat = rules.seat_of(colour);
            if players.contains(seat) {
                Ok(seat)
            } else {
                Err(malformed(format!("{at}: {} is not playing", colour.name())))
            }
        };
        for (&colour, list) in &self.pawns {
            let at = format!("position.pawns.{}", colour.name());
            let seat = playing(colour, &at)?;
            if list.len() != usize::from(rules.pawns) {
                return Err(malformed(format!("{at}: expected {} pawns, got {}", rules.pawns, list.len())));
            }
            setup.pawns[seat.index()][..list.len()].copy_from_slice(list);
        }
        for (i, &colour) in self.captured.iter().enumerate() {
            setup.captured = setup.captured.with(playing(colour, &format!("position.captured[{i}]"))?);
        }
        setup.turn = match self.turn {
            Some(turn) => rules.seat_of(turn),
            None => setup.first_playing(),
        };
        Ok(setup)
    }

    /// The position a game stands in, as a script would set it.
    pub fn of(game: &Game) -> Scene {
        let rules = game.rules();
        Scene {
            turn: Some(rules.colour_of(game.turn())),
            pawns: game.players().iter().map(|s| (rules.colour_of(s), game.pawns(s).to_vec())).collect(),
            captured: captured(game),
        }
    }
}

impl Step {
    /// The action this step is when `seat` is to act.
    pub fn action(self, seat: Seat, rules: &Rules) -> Action {
        match self {
            Step::Roll(face) => Action::Roll { seat, face },
            Step::Move(pawn) => Action::Move { seat, pawn },
            Step::Mark(cell) => Action::Mark { seat, cell },
            Step::Challenge(colour) => Action::Challenge { seat, opponent: rules.seat_of(colour) },
        }
    }

    /// An action as a script writes it.
    pub fn of(action: Action, rules: &Rules) -> Step {
        match action {
            Action::Roll { face, .. } => Step::Roll(face),
            Action::Move { pawn, .. } => Step::Move(pawn),
            Action::Mark { cell, .. } => Step::Mark(cell),
            Action::Challenge { opponent, .. } => Step::Challenge(rules.colour_of(opponent)),
        }
    }
}

/// The colours that have captured, by name, as scripts list them.
fn captured(game: &Game) -> Vec<Colour> {
    let mut colours: Vec<Colour> = game.captured().iter().map(|s| game.rules().colour_of(s)).collect();
    colours.sort_unstable_by_key(|c| c.name());
    colours
}

/// The state a script reaches, as `ludopia script` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reached {
    pub turn: Colour,
    pub phase: Stage,
    pub pawns: BTreeMap<Colour, Vec<Progress>>,
    /// The places of the colours that have finished.
    pub places: BTreeMap<Colour, u8>,
    pub events: Vec<Happened>,
    pub sixes: u8,
    pub captured: Vec<Colour>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_act: Option<Colour>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roller: Option<Colour>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<Face>,
    /// The pawns the face rolled may move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duel: Option<DuelBoard>,
}

/// What the game waits for, by RULES.md's phase names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Roll,
    Move,
    ChooseOpponent,
    Duel,
    Over,
}

impl Stage {
    pub fn of(phase: Phase) -> Stage {
        match phase {
            Phase::Roll => Stage::Roll,
            Phase::Move { .. } => Stage::Move,
            Phase::ChooseOpponent => Stage::ChooseOpponent,
            Phase::Duel(_) => Stage::Duel,
            Phase::Over => Stage::Over,
        }
    }
}

/// A palace duel: who plays ✕ and ◯, and the cells as `"x"`, `"o"` or null.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuelBoard {
    pub x: Colour,
    pub o: Colour,
    pub cells: [Option<Mark>; 9],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    X,
    O,
}

impl Reached {
    /// `game` as a script's state, with the events that led to it.
    pub fn new(game: &Game, events: &[Event]) -> Reached {
        let rules = game.rules();
        let colour = |s: Seat| rules.colour_of(s);
        let players = game.players();
        let mut reached = Reached {
            turn: colour(game.turn()),
            phase: Stage::of(game.phase()),
            pawns: players.iter().map(|s| (colour(s), game.pawns(s).to_vec())).collect(),
            places: players.iter().filter_map(|s| Some((colour(s), game.place(s)?))).collect(),
            events: events.iter().map(|e| Happened::new(e, rules)).collect(),
            sixes: game.sixes(),
            captured: captured(game),
            to_act: game.to_act().map(colour),
            roller: None,
            face: None,
            legal_moves: None,
            duel: None,
        };
        match game.phase() {
            Phase::Roll => reached.roller = Some(colour(game.roller())),
            Phase::Move { face } => {
                reached.roller = Some(colour(game.roller()));
                reached.face = Some(face);
                reached.legal_moves = Some(game.legal_moves().iter().map(|m| m.pawn).collect());
            }
            Phase::Duel(duel) => {
                let cells = duel.cells.map(|c| c.map(|x| if x { Mark::X } else { Mark::O }));
                reached.duel = Some(DuelBoard { x: colour(duel.x), o: colour(duel.o), cells });
            }
            Phase::ChooseOpponent | Phase::Over => {}
        }
        reached
    }
}

/// One event as a script's state lists it: `{"event": "captured",
/// "colour": ..., ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Happened {
    Rolled { colour: Colour, face: Face },
    NoMove { colour: Colour },
    Entered { colour: Colour, pawn: u8 },
    Moved { colour: Colour, pawn: u8, from: Progress, to: Progress },
    Captured { colour: Colour, pawn: u8, by: Colour, from: Progress },
    ReachedHome { colour: Colour, pawn: u8 },
    ThreeSixes { colour: Colour },
    SentToYard { colour: Colour, pawn: u8, from: Progress, penalty: Penalty },
    BonusRoll { colour: Colour, bonus: Bonus },
    Finished { colour: Colour, place: u8 },
    TurnPassed { from: Colour, to: Colour },
    Challenged { colour: Colour, opponent: Colour },
    Marked { colour: Colour, cell: u8 },
    DuelDrawn { x: Colour },
    DuelWon { colour: Colour },
    LeftBoard { colour: Colour, pawn: u8, from: Progress },
    GameOver { places: BTreeMap<Colour, u8> },
}

impl Happened {
    pub fn new(event: &Event, rules: &Rules) -> Happened {
        let c = |s: Seat| rules.colour_of(s);
        match *event {
            Event::Rolled { seat, face } => Happened::Rolled { colour: c(seat), face },
            Event::NoMove { seat } => Happened::NoMove { colour: c(seat) },
            Event::Entered { seat, pawn } => Happened::Entered { colour: c(seat), pawn },
            Event::Moved { seat, pawn, from, to } => Happened::Moved { colour: c(seat), pawn, from, to },
            Event::Captured { seat, pawn, by, from } => {
                Happened::Captured { colour: c(seat), pawn, by: c(by), from }
            }
            Event::ReachedHome { seat, pawn } => Happened::ReachedHome { colour: c(seat), pawn },
            Event::ThreeSixes { seat } => Happened::ThreeSixes { colour: c(seat) },
            Event::SentToYard { seat, pawn, from, penalty } => {
                Happened::SentToYard { colour: c(seat), pawn, from, penalty }
            }
            Event::BonusRoll { seat, bonus } => Happened::BonusRoll { colour: c(seat), bonus },
            Event::Finished { seat, place } => Happened::Finished { colour: c(seat), place },
            Event::TurnPassed { from, to } => Happened::TurnPassed { from: c(from), to: c(to) },
            Event::Challenged { seat, opponent } => {
                Happened::Challenged { colour: c(seat), opponent: c(opponent) }
            }
            Event::Marked { seat, cell } => Happened::Marked { colour: c(seat), cell },
            Event::DuelDrawn { x } => Happened::DuelDrawn { x: c(x) },
            Event::DuelWon { seat } => Happened::DuelWon { colour: c(seat) },
            Event::LeftBoard { seat, pawn, from } => Happened::LeftBoard { colour: c(seat), pawn, from },
            Event::GameOver { places } => Happened::GameOver {
                places: Seat::ALL
                    .into_iter()
                    .filter(|s| places[s.index()] > 0)
                    .map(|s| (c(s), places[s.index()]))
                    .collect(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn face(n: u8) -> Face {
        Face::new(n).expect("a face")
    }

    /// A script read, written and read again is the same script.
    #[test]
    fn scripts_round_trip() {
        let text = json!({
            "preset": "plaza",
            "rules": {"must_capture": true, "seats": ["red", "yellow"]},
            "position": {"turn": "yellow", "pawns": {"red": [-1, 0, 12, 56], "yellow": [3, -1, -1, 51]},
                         "captured": ["red"]},
            "actions": [{"roll": 6}, {"move": 1}, {"challenge": "green"}, {"mark": 4}]
        });
        let script: Script = serde_json::from_value(text.clone()).expect("a script");
        assert_eq!(script.preset, Some(Preset::Plaza));
        assert_eq!(script.actions[2], Step::Challenge(Colour::Green));
        assert_eq!(serde_json::to_value(&script).expect("written"), text);
        let again: Script =
            serde_json::from_value(serde_json::to_value(&script).expect("written")).expect("read");
        assert_eq!(again, script);
    }

    #[test]
    fn a_malformed_script_says_what_and_where() {
        for (text, says) in [
            (r#"{"preset": "chess"}"#, "unknown variant `chess`"),
            (r#"{"moves": []}"#, "unknown field `moves`"),
            (r#"{"actions": [{"jump": 3}]}"#, "unknown variant `jump`"),
            (r#"{"actions": [{"roll": 300}]}"#, "300"),
            (r#"{"actions": [{"roll": 6}, {"roll": 7}]}"#, "actions[1]"),
            (r#"{"actions": [{"roll": 0}]}"#, "a die shows 1 to 6, not 0"),
            (r#"{"position": {"pawns": {"purple": [0, 0, 0, 0]}}}"#, "purple"),
            (r#"{"position": {"turn": "red", "who": 1}}"#, "unknown field `who`"),
            (r#""hello""#, "a game script is a JSON object"),
            (
                r#"{"position": {"captured": ["red", "mauve"]}}"#,
                "position.captured[1]: unknown variant `mauve`",
            ),
            ("{\"preset\": ", "not valid JSON"),
        ] {
            let Err(ScriptError::Malformed(why)) = Script::from_json(text) else { panic!("{text} was read") };
            assert!(why.contains(says), "{text}: {why}");
        }
        for (script, says) in [
            (json!({"seats": ["red", "red"]}), "seats[1]: red is named twice"),
            (json!({"seats": ["red"]}), "2 to 4 colours"),
            (json!({"rules": {"seats": ["blue"]}}), "2 to 4 colours"),
            (
                json!({"seats": ["red", "blue"], "position": {"pawns": {"green": [0, 0, 0, 0]}}}),
                "green is not playing",
            ),
            (json!({"position": {"pawns": {"red": [0, 0]}}}), "expected 4 pawns, got 2"),
            (json!({"rules": {"speed": 3}}), "unknown parameter `speed`"),
        ] {
            let script: Script = serde_json::from_value(script.clone()).expect("read");
            let Err(ScriptError::Malformed(why)) = script.start() else { panic!("{script:?} started") };
            assert!(why.contains(says), "{why}");
        }
    }

    /// A played script's state, written and read back, is the same state;
    /// its position set up again gives the same game.
    #[test]
    fn reached_states_round_trip_and_set_the_game_up_again() {
        let script = Script {
            actions: vec![Step::Roll(Face::SIX), Step::Move(0), Step::Roll(face(5))],
            ..Script::default()
        };
        let (game, events) = script.play().expect("legal");
        let reached = Reached::new(&game, &events);
        assert_eq!(reached.phase, Stage::Move);
        assert_eq!(reached.face, Some(face(5)));
        assert_eq!(reached.legal_moves.as_deref(), Some(&[0][..]));
        let text = serde_json::to_string(&reached).expect("written");
        assert_eq!(serde_json::from_str::<Reached>(&text).expect("read"), reached);
        let again = Script { position: Some(Scene::of(&game)), ..Script::default() }.start().expect("set up");
        assert_eq!(again.pawns(game.turn()), game.pawns(game.turn()));
        assert_eq!(again.turn(), game.turn());
        assert_eq!(
            serde_json::to_value(Happened::new(&events[0], game.rules())).expect("written"),
            json!({"event": "rolled", "colour": "red", "face": 6})
        );
    }

    #[test]
    fn an_illegal_action_is_named_by_its_index() {
        let script = Script {
            actions: vec![Step::Roll(Face::SIX), Step::Move(3), Step::Move(0)],
            ..Script::default()
        };
        match script.play() {
            Err(ScriptError::Illegal { index: 2, .. }) => {}
            other => panic!("{other:?}"),
        }
        for step in [Step::Roll(Face::ONE), Step::Move(0), Step::Challenge(Colour::Red), Step::Mark(8)] {
            assert_eq!(
                Step::of(step.action(Seat::ALL[0], &Preset::Classic.rules()), &Preset::Classic.rules()),
                step
            );
        }
    }
}
