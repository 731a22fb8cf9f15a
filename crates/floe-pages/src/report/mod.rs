//! `report.html`: one self-contained page for a results folder, for a person who wants the
//! answer before the numbers. It says what was run (from the manifest), the folder's
//! answer in plain sentences with intervals and the caveat when the games cannot tell
//! ([`verdict`]), then the charts (inline SVG), the tables, and how to make it again.
//!
//! The page fetches nothing: no script, no font, no image from elsewhere, and a content
//! security policy that forbids any request, so it reads the same offline, attached to a
//! mail or years later. It is a pure function of the folder's files, so a folder made
//! again gives the same page byte for byte.

pub mod verdict;

use std::collections::HashMap;
use std::path::Path;

use anyhow::{Context, Result, bail};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use maud::{DOCTYPE, Markup, PreEscaped, html};

use floe_sim::verdict::CONFIDENCE;

use crate::charts::chart_title;
use floe_sim::arc::MEASURES;

/// The table of how the games unfolded, shown in its own section.
const ARC_TABLE: &str = floe_sim::report::TableFile::Arc.name();

/// The page's file name in a results folder.
pub const PAGE: &str = "report.html";

/// The rows of a table the page shows; the file holds them all.
const MAX_ROWS: usize = 200;

/// The page's look: plain, readable, printable.
const STYLE: &str = "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;\
color:#222;line-height:1.45}h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}\
.answer{background:#f4f7fb;border-left:4px solid #2a6fb0;padding:.6em 1em}\
.answer p{margin:.4em 0}ul.cells li{margin:.2em 0}figure{margin:1.5em 0}\
figure img{max-width:100%;height:auto;border:1px solid #eee}figcaption{color:#555;font-size:.9em}\
table{border-collapse:collapse;font-size:.85em;margin:.5em 0}\
td,th{border:1px solid #ddd;padding:.2em .5em;text-align:right}\
th{background:#f0f0f0;cursor:help}td:first-child,th:first-child{text-align:left}\
dl.run{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}dt{color:#555}\
pre{background:#f6f6f6;padding:.6em;overflow-x:auto}.note{color:#555;font-size:.9em}";

/// No request of any kind: inline styles only.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/// Returns the page of the results folder `dir`, showing the files `files` (the result's
/// files by name: its tables and charts).
///
/// # Errors
/// Names the folder when it holds no manifest (it is not a results folder Floe wrote), and
/// a file that cannot be read.
pub fn render(dir: &Path, files: &[String]) -> Result<String> {
    let manifest_path = dir.join("manifest.toml");
    if std::fs::symlink_metadata(&manifest_path).is_err() {
        bail!(
            "{}: not a results folder Floe wrote: it holds no manifest.toml",
            floe_io::gate::path(dir)
        );
    }
    let manifest: toml::Table = floe_io::read::text(&manifest_path, floe_io::read::Kind::MANIFEST)?
        .parse()
        .with_context(|| manifest_path.display().to_string())?;
    let field = |key: &str| manifest.get(key).and_then(|v| v.as_str());
    // A profile's manifest is its tournament's, with a `[profile]` table added.
    let kind = match manifest.contains_key("profile") {
        true => "profile",
        false => field("kind").unwrap_or("run"),
    };
    let study = field("experiment").or(field("name")).unwrap_or(kind);
    let title = chart_title(study, field("game").unwrap_or("?"));
    // A tune names its baseline in its manifest; one written before it did is read as
    // measured against "the baseline".
    let baseline = field("baseline").unwrap_or("the baseline");
    let answer = verdict::answer(dir, confidence(&manifest), baseline)?;
    let meanings = meanings(dir)?;
    let (mut charts, mut tables) = (Vec::new(), Vec::new());
    // How the games unfolded: its charts and table, in a section of their own.
    let arc_names = crate::charts::arc_charts(files);
    let arc_charts = (arc_names.iter().map(|n| chart(dir, n))).collect::<Result<Vec<_>>>()?;
    let mut arc_table = None;
    for name in files {
        if arc_names.contains(name) {
            continue;
        } else if name.ends_with(".svg") {
            charts.push(chart(dir, name)?);
        } else if name == ARC_TABLE {
            arc_table = Some(table(dir, name, &meanings)?);
        } else if name.ends_with(".csv") && name != "columns.csv" {
            tables.push(table(dir, name, &meanings)?);
        }
    }
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            (head(&title, POLICY, STYLE))
            body {
                h1 { (title) }
                @if let Some(about) = field("description") { p { (about) } }
                (run_facts(&manifest, kind))
                h2 { "The answer" }
                @if !answer.declared.is_empty() {
                    div.answer id="declared" {
                        p { "What the study asked, answered (95% intervals; p-values adjusted over all its questions):" }
                        ul.cells { @for line in &answer.declared { li { (line) } } }
                    }
                }
                div.answer id="answer" {
                    @for line in &answer.headline { p { (line) } }
                    @if answer.declared.is_empty() && answer.headline.is_empty() && answer.found.is_empty() {
                        p { "This folder holds no test, rating or tuning to answer from." }
                    }
                }
                @if !answer.found.is_empty() {
                    ul.cells { @for line in &answer.found { li { (line) } } }
                }
                @if !answer.cannot_tell.is_empty() {
                    details {
                        summary {
                            (floe_io::count(answer.cannot_tell.len(), "cell")) " where the games cannot tell the groups apart"
                        }
                        ul.cells { @for line in &answer.cannot_tell { li { (line) } } }
                    }
                }
                @if !charts.is_empty() {
                    h2 { "Charts" }
                    p.note { "Bars are 95% intervals; a dashed line is the fair share, no difference, or on a spread chart the noise a perfectly fair game shows at these games. A filled point or a ring is what the answer above found, by the test and standard named under the chart's title; a hollow point is one it cannot tell." }
                    @for c in &charts { (c) }
                }
                @if let Some(t) = &arc_table {
                    h2 id="arc" { "How the games unfold" }
                    p.note { "The course of play, measured in every game from each seat's standing (its points so far plus its progress toward more) at each round's start, its final score at the end, and from how many answers each question had. Each figure is a mean over games with its 95% interval; those that follow the winner count only games won by one seat alone." }
                    dl.run { @for m in &MEASURES { dt { (m.name) } dd { (m.meaning) } } }
                    @for c in &arc_charts { (c) }
                    (t)
                }
                h2 { "Tables" }
                p.note { "Hover a column's name for what it means (the folder's columns.csv lists them all)." }
                @for t in &tables { (t) }
                h2 { "Make it again" }
                (reproduce(&manifest))
            }
        }
    };
    Ok(page.into_string())
}

/// The generator a page Floe writes names in its head: how Floe tells its own page from
/// a person's file of the same name before replacing it ([`is_floes_page`]).
const GENERATOR: &str = "Floe";

/// Returns whether the file at `path` is a page Floe wrote: its head names Floe as its
/// generator.
pub fn is_floes_page(path: &Path) -> bool {
    let mark = format!("<meta name=\"generator\" content=\"{GENERATOR}\">");
    floe_io::read::open(path, floe_io::read::Kind::PAGE).is_ok_and(|file| {
        let mut head = String::new();
        let _ = std::io::Read::read_to_string(&mut std::io::Read::take(file, 4096), &mut head);
        head.contains(&mark)
    })
}

/// The head of a page Floe writes: its title, its content security `policy` (what it may
/// fetch: nothing, in a page that stands alone) and its inline `style`.
pub(crate) fn head(title: &str, policy: &str, style: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="generator" content=(GENERATOR);
            meta http-equiv="Content-Security-Policy" content=(policy);
            meta name="viewport" content="width=device-width, initial-scale=1";
            title { (title) }
            style { (PreEscaped(style)) }
        }
    }
}

/// The confidence of a tune's intervals, from the spec its manifest holds (the default
/// when it names none, or for any other run).
fn confidence(manifest: &toml::Table) -> f64 {
    manifest
        .get("spec")
        .and_then(|s| s.as_str())
        .and_then(|s| s.parse::<toml::Table>().ok())
        .and_then(|spec| spec.get("confidence").and_then(toml::Value::as_float))
        .unwrap_or(CONFIDENCE)
}

/// What was run: the manifest's plain facts.
fn run_facts(manifest: &toml::Table, kind: &str) -> Markup {
    let games = manifest.get("games").and_then(toml::Value::as_integer);
    let seconds = manifest.get("wall_seconds").and_then(toml::Value::as_float);
    html! {
        dl.run {
            dt { "run" } dd { (kind) }
            @if let Some(g) = games { dt { "games" } dd { (floe_plot::thousands(g as f64)) } }
            @if let Some(s) = seconds { dt { "time" } dd { (format!("{s:.0} s")) } }
            @if let Some(cells) = manifest.get("cells").and_then(toml::Value::as_array) {
                dt { "cells" } dd { (cells.len()) }
            }
        }
    }
}

/// How to make the folder again: the command as given (the program named `floe`), and
/// the build it ran on.
fn reproduce(manifest: &toml::Table) -> Markup {
    let field = |key: &str| manifest.get(key).and_then(|v| v.as_str());
    let command = field("command").map(|c| {
        let rest = c.split_once(' ').map_or("", |(_, rest)| rest);
        format!("floe {rest}")
    });
    html! {
        @match command {
            Some(c) => { pre { (c) } }
            None => { p { "The manifest holds the spec this run read: save it as a file and give it to the same command." } }
        }
        p.note {
            "Floe " (field("floe_version").unwrap_or("?"))
            ", built from git commit " code { (field("git_commit").unwrap_or("?")) }
            ". The manifest (manifest.toml) records the whole plan: with the same build it gives the same tables byte for byte."
        }
    }
}

/// The meaning of each column of each table, from the folder's `columns.csv`.
fn meanings(dir: &Path) -> Result<HashMap<(String, String), String>> {
    let path = dir.join("columns.csv");
    let mut out = HashMap::new();
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(out);
    }
    let mut reader =
        csv::Reader::from_reader(floe_io::read::open(&path, floe_io::read::Kind::TABLE)?);
    for record in reader.records() {
        let r = record.with_context(|| path.display().to_string())?;
        if let (Some(file), Some(column), Some(meaning)) = (r.get(0), r.get(1), r.get(2)) {
            out.insert((file.to_string(), column.to_string()), meaning.to_string());
        }
    }
    Ok(out)
}

/// A chart, inline as a data address (so the page needs no file beside it and fetches
/// nothing), captioned by its file name.
fn chart(dir: &Path, name: &str) -> Result<Markup> {
    let path = dir.join(name);
    let svg = floe_io::read::bytes(&path, floe_io::read::Kind::CHART)?;
    let source = format!("data:image/svg+xml;base64,{}", STANDARD.encode(svg));
    Ok(html! {
        figure {
            img src=(source) alt=(format!("chart {name}"));
            figcaption { (name) }
        }
    })
}

/// A table: its header (each column's meaning on hover) and its first [`MAX_ROWS`] rows.
fn table(dir: &Path, name: &str, meanings: &HashMap<(String, String), String>) -> Result<Markup> {
    let path = dir.join(name);
    let context = || path.display().to_string();
    let mut reader =
        csv::Reader::from_reader(floe_io::read::open(&path, floe_io::read::Kind::TABLE)?);
    let header: Vec<String> = reader
        .headers()
        .with_context(context)?
        .iter()
        .map(String::from)
        .collect();
    let mut rows = Vec::new();
    let mut more = false;
    for record in reader.records() {
        if rows.len() == MAX_ROWS {
            more = true;
            break;
        }
        rows.push(record.with_context(context)?);
    }
    let meaning = |column: &str| {
        meanings
            .get(&(name.to_string(), column.to_string()))
            .cloned()
            .unwrap_or_default()
    };
    Ok(html! {
        h3 { (name) }
        div style="overflow-x:auto" {
            table {
                thead { tr { @for c in &header { th title=(meaning(c)) { (c) } } } }
                tbody {
                    @for r in &rows { tr { @for f in r { td { (f) } } } }
                }
            }
        }
        @if more {
            p.note { "The first " (MAX_ROWS) " rows; the rest are in " (name) "." }
        }
    })
}
