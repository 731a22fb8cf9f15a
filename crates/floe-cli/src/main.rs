//! `floe`: simulate tabletop games with bots and write balance statistics.

use std::process::ExitCode;

fn main() -> ExitCode {
    floe_cli::main_with(floe_bots::Registry::default())
}
