//! Invites as links (issue 24): `ludopia LINK` opens the join screen with
//! the invite filled in, in a new window or in the one already running
//! (`Message::Invited`, from ui/handover.rs); the join field takes a link
//! as it takes a ticket, and the waiting room copies the link.

use super::*;
use ludopia::net::{Target, Ticket};
use ludopia::ui::screen::joining::{Action as JoinAction, Joining, Message as JoinMessage};
use ludopia::ui::screen::waiting;

fn invite() -> Ticket {
    Ticket::new(libp2p::PeerId::random(), vec!["/ip4/192.0.2.7/tcp/4001".parse().expect("address")])
}

#[test]
fn an_invite_link_opens_the_join_screen_with_the_invite_filled_in() -> Result<(), Error> {
    let ticket = invite();
    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    // As the window opens it: with the profile, which must not send it home.
    let (mut app, _lobby) = App::new(Prefs::default(), Opening::Invite(ticket.clone()), Instant::now())
        .with_home(Some(home), Vec::new());
    let Screen::Joining(joining) = &app.screen else { panic!("not on the join screen") };
    assert_eq!(joining.field, ticket.link());
    assert!(!joining.busy, "the player joins, not the link");
    assert!(shows(&app, "An invite link opened Ludopia: press Join to sit at its table."));
    // Pressing Join goes to the table the link names.
    let Screen::Joining(joining) = &mut app.screen else { unreachable!() };
    match joining.update(JoinMessage::Join) {
        JoinAction::Join(Target::Ticket(joined), None) => assert_eq!(joined, ticket),
        _ => panic!("the link's table is not joined"),
    }
    Ok(())
}

/// On the join screen with `ticket` in the field, as a fresh start with
/// the link shows it.
fn invited_to(app: &App, ticket: &Ticket) -> bool {
    matches!(&app.screen, Screen::Joining(j) if j.field == ticket.link() && !j.busy)
        && shows(app, "An invite link opened Ludopia: press Join to sit at its table.")
}

#[test]
fn a_link_opened_while_the_window_runs_goes_to_the_join_screen_from_any_screen() -> Result<(), Error> {
    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    let mut app = app_at(&home);
    // From the settings, with something typed on the join screen before.
    click_text(&mut app, "Join a table")?;
    let Screen::Joining(joining) = &mut app.screen else { panic!("not on the join screen") };
    let _ = joining.update(JoinMessage::Field("QWERTY".into()));
    click_text(&mut app, "Back")?;
    click_text(&mut app, "Settings")?;
    assert!(matches!(app.screen, Screen::Settings(_)));
    let ticket = invite();
    let _ = app.update(Message::Invited(ticket.clone()));
    assert!(invited_to(&app, &ticket), "the settings give way to the invite");
    // Another link while on the join screen replaces the first.
    let other = invite();
    let _ = app.update(Message::Invited(other.clone()));
    assert!(invited_to(&app, &other));
    // And pressing Join goes to its table.
    let Screen::Joining(joining) = &mut app.screen else { unreachable!() };
    match joining.update(JoinMessage::Join) {
        JoinAction::Join(Target::Ticket(joined), None) => assert_eq!(joined, other),
        _ => panic!("the link's table is not joined"),
    }
    Ok(())
}

#[test]
fn a_link_during_a_game_asks_to_leave_it_first() -> Result<(), Error> {
    let dir = tempfile::tempdir().expect("a temp folder");
    let home = ludopia::profile::Home::at(dir.path());
    let mut app = app_at(&home);
    click_text(&mut app, "Play on this computer")?;
    click_text(&mut app, "Start the game")?;
    let ticket = invite();
    let _ = app.update(Message::Invited(ticket.clone()));
    let Screen::Game(game) = &app.screen else { panic!("the game was left without asking") };
    assert_eq!(game.confirming(), Some(ludopia::ui::screen::game::Confirm::Leave));
    // "Stay": the game goes on and the invite is forgotten.
    click_text(&mut app, "Stay")?;
    let Screen::Game(game) = &app.screen else { panic!("staying kept the game") };
    assert!(game.confirming().is_none());
    let _ = app.update(Message::Game(ludopia::ui::screen::game::Message::Leave));
    click_text(&mut app, "Yes, leave")?;
    assert!(matches!(app.screen, Screen::Home), "a plain leave goes home, not to the forgotten invite");
    // "Yes, leave": the join screen with the invite.
    click_text(&mut app, "Play on this computer")?;
    click_text(&mut app, "Start the game")?;
    let _ = app.update(Message::Invited(ticket.clone()));
    click_text(&mut app, "Yes, leave")?;
    assert!(invited_to(&app, &ticket), "yes goes to the join screen with the invite");
    Ok(())
}

#[test]
fn the_join_field_takes_a_link_and_says_why_a_bad_one_fails() {
    let ticket = invite();
    let mut joining = Joining::new(ludopia::net::Searched::default());
    let _ = joining.update(JoinMessage::Field(format!(" {}/ ", ticket.link())));
    match joining.update(JoinMessage::Join) {
        JoinAction::Join(Target::Ticket(joined), None) => assert_eq!(joined, ticket),
        _ => panic!("a pasted link is not joined"),
    }
    let mut joining = Joining::new(ludopia::net::Searched::default());
    let _ = joining.update(JoinMessage::Field("ludopia://host/ludo1abc".into()));
    assert!(matches!(joining.update(JoinMessage::Join), JoinAction::None));
    assert_eq!(
        joining.status.as_deref(),
        Some(
            "That invite cannot be read (an invite link starts with \"ludopia://join/\"): ask for it again."
        )
    );
    // Nothing typed, or not a code: said without the parser's English.
    for (typed, says) in [
        ("  ", "Type the table's room code (6 letters) or paste an invite link."),
        ("abc", "“abc” is not a room code: a room code is 6 letters, A to Z."),
    ] {
        let mut joining = Joining::new(ludopia::net::Searched::default());
        let _ = joining.update(JoinMessage::Field(typed.into()));
        assert!(matches!(joining.update(JoinMessage::Join), JoinAction::None));
        assert_eq!(joining.status.as_deref(), Some(says), "{typed:?}");
    }
}

#[test]
fn the_waiting_room_copies_the_invite_as_a_link() -> Result<(), Error> {
    use ludopia::net::Line;
    use ludopia::ui::net::Report;
    let mut app = named("Ana");
    click_text(&mut app, "Host a table")?;
    click_text(&mut app, "Open the table")?;
    report(&mut app, Report::Line(Line::Listening { code: "QWERTY".into(), ticket: "ludo1invite".into() }));
    let mut ui = sim(app.view());
    ui.click("Copy link")?;
    let copies: Vec<Message> = ui.into_messages().collect();
    let [Message::Waiting(copy @ waiting::Message::CopyLink)] = copies.as_slice() else {
        panic!("{copies:?}")
    };
    let Screen::Waiting(room) = &mut app.screen else { panic!("not in the waiting room") };
    match room.update(copy.clone()) {
        waiting::Action::Copy(text) => assert_eq!(text, "ludopia://join/ludo1invite"),
        _ => panic!("the link is not copied"),
    }
    assert!(shows(&app, "Copied"), "the button says it copied");
    Ok(())
}
