//! Drawn replays (`floe replay --html`): the page holds the game told as the text replay
//! tells it, and a page drawn for one seat holds nothing that seat did not know.

use std::collections::BTreeSet;

use floe_bots::Registry;
use floe_lab::RunKind;
use floe_lab::plan::Plan;
use floe_lab::request::{RunRequest, plan_run};
use floe_pages::drawn::{Drawn, page};
use floe_play::drawn;
use floe_play::replay::replay;
use floe_sim::Dealing;

/// The one-game plan of `game` at `players` seats with random bots.
fn plan(game: &str, players: usize, seed: u64) -> Plan {
    plan_run(RunRequest {
        kind: RunKind::Simulate,
        game: game.into(),
        rules: None,
        players,
        bots: "random".into(),
        games: 1,
        dealing: Dealing {
            seed,
            ..Dealing::default()
        },
        per_game: false,
        arc: false,
        registry: Registry::default(),
    })
    .unwrap()
    .plan
}

/// The games drawn, with the player counts sampled.
const TABLES: [(&str, &[usize]); 4] = [
    ("arctic-race", &[2, 4]),
    ("arctic", &[2, 3]),
    ("north-pole", &[3]),
    ("goofspiel", &[3]),
];

/// Every log line of a view, in order.
fn lines(d: &Drawn, view: usize) -> Vec<String> {
    d.views[view]
        .steps
        .iter()
        .flat_map(|s| s.log.iter().flat_map(|l| l.lines().map(String::from)))
        .collect()
}

#[test]
fn a_drawn_game_tells_the_lines_of_the_text_replay_and_ends_as_it_does() {
    for (game, counts) in TABLES {
        for &players in counts {
            let plan = plan(game, players, 3);
            let d = drawn::replay(&plan, 0, None, &Registry::default()).unwrap();
            assert_eq!(
                d.views.len(),
                players + 1,
                "{game}: told in full and per seat"
            );
            for (view, seat) in std::iter::once(None)
                .chain((0..players).map(Some))
                .enumerate()
            {
                let text = replay(&plan, 0, seat, &Registry::default()).unwrap();
                let mut told = text.lines();
                // Every line of the drawing is a line of the text replay, in order (the
                // text adds the boards at board points).
                for line in lines(&d, view) {
                    assert!(
                        told.any(|t| t == line),
                        "{game} {players}p view {seat:?}: {line:?} is not in the text replay in order"
                    );
                }
                assert!(
                    text.ends_with(&d.final_scores),
                    "{game}: the final scores differ"
                );
                let steps = &d.views[view].steps;
                assert_eq!(
                    steps.last().unwrap().asked,
                    None,
                    "the last step is the end"
                );
                assert!(steps[..steps.len() - 1].iter().all(|s| s.asked.is_some()));
            }
            assert_eq!(d.heading, replay_heading(&plan), "{game}: the heading");
        }
    }
}

/// The text replay's opening lines: the game, then one line per seat.
fn replay_heading(plan: &Plan) -> Vec<String> {
    let text = replay(plan, 0, None, &Registry::default()).unwrap();
    text.lines()
        .take_while(|l| !l.starts_with("setup") && !l.starts_with("=="))
        .take(1 + 6)
        .filter(|l| l.contains("players, master seed") || l.starts_with("  seat"))
        .map(String::from)
        .collect()
}

/// Arctic's cards as they print (`walrus 5/1 puffin`): each is one card of the deck.
fn arctic_cards(text: &str) -> BTreeSet<String> {
    const ANIMALS: [&str; 6] = ["fox", "moose", "walrus", "orca", "puffin", "bear"];
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '/'))
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(3)
        .filter(|w| {
            ANIMALS.contains(&w[0])
                && ANIMALS.contains(&w[2])
                && w[1].len() == 3
                && w[1].as_bytes()[1] == b'/'
        })
        .map(|w| w.join(" "))
        .collect()
}

/// Returns `page` without its code (the drawings' script, the same in every page, whose
/// comments may name a card): the text and data that are the game's.
fn without_code(page: &str) -> String {
    let start = page.rfind("<script>").expect("the page has its script");
    let end = page.rfind("</script>").expect("the script ends");
    format!("{}{}", &page[..start], &page[end..])
}

/// The fields of a seat's entry in a board that only that seat (and a narrator) sees.
fn private_fields(game: &str) -> &'static [&'static str] {
    match game {
        "arctic-race" => &["hand", "face_down_card"],
        "arctic" => &["hand", "penalty", "totem"],
        "goofspiel" => &["hand", "bid"],
        _ => &[],
    }
}

/// Checks that no board of `d`, drawn for `seat`, holds another seat's private fields
/// (say the card it laid face down), while its own are there; the end, where scoring
/// shows some (Arctic's totems), is left out.
fn check_private_fields(game: &str, d: &Drawn, seat: usize) {
    let fields = private_fields(game);
    if fields.is_empty() {
        return;
    }
    for step in d.views[0].steps.iter().filter(|s| s.asked.is_some()) {
        let board: serde_json::Value = serde_json::from_str(&step.board).unwrap();
        for (s, entry) in board["seats"].as_array().unwrap().iter().enumerate() {
            for field in fields {
                assert_eq!(
                    entry.get(field).is_some(),
                    s == seat,
                    "{game}: seat {seat}'s board and seat {s}'s {field}: {entry}"
                );
            }
        }
    }
}

/// Checks that no page of `game` drawn for one seat holds a secret of another, and returns
/// whether the page told in full showed a secret (one the check could have caught).
///
/// What a seat never learns: the lines of the game told in full that its own text replay
/// (itself tested to hide what the seat does not know) never shows, and, in Arctic, the
/// cards it never sees. None may appear anywhere in the seat's page.
fn check_seat_pages(game: &str) -> bool {
    let (_, counts) = TABLES.iter().find(|(g, _)| *g == game).unwrap();
    // Race to the North Pole's random games are long and hide nothing: one deal is enough.
    let seeds: &[u64] = if game == "north-pole" { &[1] } else { &[1, 2] };
    let mut caught = false;
    for &players in *counts {
        for &seed in seeds {
            let plan = plan(game, players, seed);
            let full = replay(&plan, 0, None, &Registry::default()).unwrap();
            let full_page = without_code(&page(
                &drawn::replay(&plan, 0, None, &Registry::default()).unwrap(),
                None,
            ));
            for seat in 0..players {
                let seen = replay(&plan, 0, Some(seat), &Registry::default()).unwrap();
                let seen_lines: BTreeSet<&str> = seen.lines().map(str::trim).collect();
                let secrets: BTreeSet<String> = full
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !seen_lines.contains(l))
                    .map(String::from)
                    .collect();
                let cards: BTreeSet<String> = match game {
                    "arctic" => &arctic_cards(&full) - &arctic_cards(&seen),
                    _ => BTreeSet::new(),
                };
                let d = drawn::replay(&plan, 0, Some(seat), &Registry::default()).unwrap();
                assert_eq!(d.views.len(), 1);
                assert_eq!(d.views[0].seat, Some(seat));
                check_private_fields(game, &d, seat);
                let page = without_code(&page(&d, None));
                // A line is a whole string of the page's data (a longer line may begin
                // with a secret's words and tell only what the seat knows); a card is
                // looked for anywhere.
                let found = |page: &str, secret: &str| match cards.contains(secret) {
                    true => page.contains(secret),
                    false => page.contains(&serde_json::to_string(secret).unwrap()),
                };
                for secret in secrets.iter().chain(&cards) {
                    assert!(
                        !found(&page, secret),
                        "{game} {players}p seed {seed}: the page of seat {seat} shows {secret:?}"
                    );
                    caught |= found(&full_page, secret);
                }
            }
        }
    }
    caught
}

// One test a game, so that the games' pages are checked side by side. A secret the page
// told in full shows is one the check could catch: each game with secrets must have some.

#[test]
fn an_arctic_race_page_drawn_for_one_seat_holds_no_secret_of_another() {
    assert!(check_seat_pages("arctic-race"), "no secret to catch");
}

#[test]
fn an_arctic_page_drawn_for_one_seat_holds_no_secret_of_another() {
    assert!(check_seat_pages("arctic"), "no secret to catch");
}

#[test]
fn a_goofspiel_page_drawn_for_one_seat_holds_no_secret_of_another() {
    assert!(check_seat_pages("goofspiel"), "no secret to catch");
}

/// Race to the North Pole keeps nothing from one seat that another knows (its chance is
/// hidden from everyone alike), so there is nothing to catch there.
#[test]
fn a_north_pole_page_drawn_for_one_seat_holds_nothing_to_catch() {
    assert!(
        !check_seat_pages("north-pole"),
        "a secret where there is none"
    );
}
