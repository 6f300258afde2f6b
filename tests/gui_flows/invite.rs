//! Invites as links (issue 24): `ludopia LINK` opens the join screen with
//! the invite filled in, the join field takes a link as it takes a ticket,
//! and the waiting room copies the link.

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

#[test]
fn the_join_field_takes_a_link_and_says_why_a_bad_one_fails() {
    let ticket = invite();
    let mut joining = Joining::default();
    let _ = joining.update(JoinMessage::Field(format!(" {}/ ", ticket.link())));
    match joining.update(JoinMessage::Join) {
        JoinAction::Join(Target::Ticket(joined), None) => assert_eq!(joined, ticket),
        _ => panic!("a pasted link is not joined"),
    }
    let mut joining = Joining::default();
    let _ = joining.update(JoinMessage::Field("ludopia://host/ludo1abc".into()));
    assert!(matches!(joining.update(JoinMessage::Join), JoinAction::None));
    assert_eq!(
        joining.status.as_deref(),
        Some("That is not a room code or an invite: an invite link starts with \"ludopia://join/\".")
    );
}

#[test]
fn the_waiting_room_copies_the_invite_as_a_link() -> Result<(), Error> {
    use ludopia::net::Line;
    use ludopia::ui::net::Report;
    let mut app = App::new(Prefs { name: "Ana".into(), ..Prefs::default() }, Opening::Home, Instant::now());
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
