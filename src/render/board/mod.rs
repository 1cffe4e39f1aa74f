//! The board image: a PNG of the galaxy and every public track, drawn from a [`View`].
//!
//! The renderer reads only a [`View`] (plus the static content catalog), never the raw state,
//! so an image cannot show more than its viewer may know. A public view gives the image posted
//! in the channel; a faction's view gives its private image: the Rebel board marks the secret
//! base, the Imperial board greys out the systems its probe cards rule out.
//!
//! The image is 2000 × 1560 pixels on flat backgrounds: the map with its 32 system cards over
//! tinted regions, then the time track, hands and decks, the Rebel Base space, build queues,
//! leaders and a legend. Everything that never changes is drawn once per process (see
//! `background`) and copied, so a render only draws the match-dependent parts.

mod background;
pub(crate) mod draw;
pub(crate) mod icons;
mod layout;
mod legend;
pub(crate) mod panels;
mod systems;
pub(crate) mod theme;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbImage};

use crate::engine::rebellion::View;

/// Width of the board image in pixels.
pub const WIDTH: u32 = layout::W;
/// Height of the board image in pixels.
pub const HEIGHT: u32 = layout::H;

/// Draws the board image for a view.
pub fn render_image(view: &View) -> RgbImage {
    let mut img = background::layer(view.rise_of_the_empire).clone();
    systems::draw_all(&mut img, view);
    panels::draw_all(&mut img, view);
    img
}

/// Draws the board image for a view and encodes it as PNG.
pub fn render_png(view: &View) -> Vec<u8> {
    encode_png(&render_image(view))
}

/// Encodes an image as PNG with the board's settings ([`COMPRESSION`], adaptive filtering).
pub fn encode_png(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(512 * 1024);
    PngEncoder::new_with_quality(&mut out, COMPRESSION, FilterType::Adaptive)
        .write_image(img.as_raw(), img.width(), img.height(), ExtendedColorType::Rgb8)
        .expect("encoding a PNG into memory cannot fail");
    out
}

/// The PNG compression level used by [`encode_png`]: `Fast`.
///
/// Measured in release on the 2-core development machine, 2000 × 1560 boards, adaptive filter
/// (`cargo bench --bench render`): drawing takes ~7 ms; `Fast` encodes in ~13 ms to 0.72–0.74 MB,
/// `Default` takes 125–190 ms for 0.51–0.57 MB. Only `Fast` keeps render + encode (~20 ms)
/// within the 40 ms budget, and its files stay under the 1 MB target (far under Discord's
/// 10 MiB limit), so ~30% more bytes is the cheaper cost.
pub const COMPRESSION: CompressionType = CompressionType::Fast;
