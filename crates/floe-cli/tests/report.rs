//! `floe report` and the page every run writes: what a person opens first.

mod common;

use std::fs;

use common::{fails, floe_on, listing, read};

/// The page of a run says its answer, holds its tables and nothing fetched from
/// elsewhere, and `floe report` writes the same page again byte for byte.
#[test]
fn a_run_writes_its_page_and_floe_report_writes_it_again() {
    let (_tmp, out) = common::ran("simulate --players 3 --games 300 --seed 7");
    let page = read(&out, "report.html");
    for part in [
        "<title>simulate, arctic-race</title>",
        "Win shares by seat:",
        "3 players, bots random:",
        "fair 33.3%",
        "seats.csv",
        "Content-Security-Policy",
        "floe simulate --players 3 --games 300 --seed 7 --out",
    ] {
        assert!(page.contains(part), "{part:?} not in the page:\n{page}");
    }
    for fetch in ["http://", "https://", "<script", "<link"] {
        assert!(!page.contains(fetch), "the page fetches {fetch:?}");
    }
    assert!(
        page.split("src=\"").skip(1).all(|s| s.starts_with("data:")),
        "every source is in the page"
    );
    assert!(read(&out, "floe-files.toml").contains("\"report.html\""));
    fs::remove_file(out.join("report.html")).unwrap();
    floe_on("report", &out).assert().success();
    assert_eq!(read(&out, "report.html"), page);
}

/// An experiment's charts come as SVG and PNG, and its page shows them inline.
#[test]
fn an_experiments_charts_come_as_png_too_and_sit_in_its_page() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = common::write(
        tmp.path(),
        "seats.toml",
        "name = \"seats\"\nplayers = [2, 3]\n[[lineups]]\nbots = \"random\"\ngames = 200\n",
    );
    let out = tmp.path().join("run");
    floe_on("experiment", &spec)
        .arg("--quiet")
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let png = fs::read(out.join("seats-random.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG file");
    let page = read(&out, "report.html");
    assert!(
        page.contains("<img src=\"data:image/svg+xml;base64,"),
        "the chart is inline"
    );
    assert!(page.contains("seats-random.svg"));
}

/// A folder Floe did not write is refused, naming it, and nothing is written there.
#[test]
fn a_folder_floe_did_not_write_is_refused_with_nothing_written() {
    let tmp = tempfile::tempdir().unwrap();
    fs::write(tmp.path().join("notes.txt"), "mine").unwrap();
    fails(
        floe_on("report", tmp.path()),
        "not a results folder Floe wrote: it holds no floe-files.toml",
    );
    assert_eq!(listing(tmp.path()), ["notes.txt"]);
}
