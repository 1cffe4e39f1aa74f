//! Golden images shared by the board and chart tests: a render is halved and quantised (small
//! committed files), then compared with its golden PNG within a tolerance, or written over it
//! with `HOLONET_BLESS=1`.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbImage};
use std::path::{Path, PathBuf};

/// Half the size, each pixel the mean of four, quantised to steps of 16 (error ≤ 8, well inside
/// the comparison tolerance): fewer distinct values make the committed files much smaller.
pub fn half(img: &RgbImage) -> RgbImage {
    let (w, h) = (img.width() / 2, img.height() / 2);
    RgbImage::from_fn(w, h, |x, y| {
        let mut sum = [0u32; 3];
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let p = img.get_pixel(2 * x + dx, 2 * y + dy).0;
            for i in 0..3 {
                sum[i] += p[i] as u32;
            }
        }
        image::Rgb(sum.map(|v| ((((v + 2) / 4 + 8) / 16) * 16).min(255) as u8))
    })
}

fn write_png(path: &Path, img: &RgbImage) {
    let mut out = vec![];
    PngEncoder::new_with_quality(&mut out, CompressionType::Best, FilterType::Adaptive)
        .write_image(img.as_raw(), img.width(), img.height(), ExtendedColorType::Rgb8)
        .expect("encodes");
    std::fs::write(path, out).expect("writes the image");
}

/// Compares a full-size render with `tests/golden/{dir}/{name}.png` (written from it under
/// `HOLONET_BLESS`): a pixel differs when a channel is off by more than 24, and at most 0.1% of
/// the pixels may differ (room for rounding in other float code paths). `test` names the test
/// target for the bless hint.
pub fn check(dir: &str, test: &str, name: &str, render: &RgbImage) {
    let img = half(render);
    let golden_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("golden").join(dir);
    let path = golden_dir.join(format!("{name}.png"));
    if std::env::var_os("HOLONET_BLESS").is_some() {
        std::fs::create_dir_all(&golden_dir).expect("creates the golden directory");
        write_png(&path, &img);
        return;
    }
    let golden = image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run HOLONET_BLESS=1 cargo test --test {test}", path.display()))
        .to_rgb8();
    assert_eq!(golden.dimensions(), img.dimensions(), "{name}: image size changed");
    let differing = img
        .pixels()
        .zip(golden.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > 24))
        .count();
    let allowed = (img.width() * img.height()) as usize / 1000;
    if differing > allowed {
        let out = std::env::temp_dir().join(format!("holonet-{dir}-{name}-actual.png"));
        write_png(&out, &img);
        panic!(
            "{name}: {differing} pixels differ from {} (allowed {allowed}); actual image written to {}. \
             If the change is intended: HOLONET_BLESS=1 cargo test --test {test}",
            path.display(),
            out.display()
        );
    }
}
