//! PNG copies of the charts, for a person without an SVG viewer at hand: each chart is
//! rasterised from its own SVG with `resvg`, its text set in DejaVu Sans, which the crate
//! carries (`fonts/`), so a PNG looks the same on every machine and needs no system font.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use resvg::{tiny_skia, usvg};

use crate::PlotError;

/// DejaVu Sans (its licence beside it in `fonts/`): the sans-serif face of every PNG.
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// The family name [`FONT`] declares.
const FAMILY: &str = "DejaVu Sans";

/// Returns the path of the PNG copy of the chart at `svg` (the same name, ending `.png`).
pub fn png_path(svg: &Path) -> PathBuf {
    svg.with_extension("png")
}

/// The parsing options, with [`FONT`] as the only font and every family resolved to it:
/// built once, as loading the font is the costly part.
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut options = usvg::Options {
            font_family: FAMILY.to_string(),
            ..usvg::Options::default()
        };
        let fonts = options.fontdb_mut();
        fonts.load_font_data(FONT.to_vec());
        fonts.set_sans_serif_family(FAMILY);
        options
    })
}

/// Returns the PNG image of the chart `svg` drawn for `path`, at the SVG's own size.
///
/// # Errors
/// [`PlotError::Draw`] if the SVG cannot be read or the image cannot be made.
pub(crate) fn render(path: &Path, svg: &str) -> Result<Vec<u8>, PlotError> {
    let tree = usvg::Tree::from_str(svg, options()).map_err(|e| PlotError::draw(path, e))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| PlotError::draw(path, "the chart has no area"))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| PlotError::draw(path, e))
}
