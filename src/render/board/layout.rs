//! Fixed geometry of the board image: its size, the map area and how board coordinates map to
//! pixels, and the panels below the map.

/// Image width in pixels.
pub const W: u32 = 2000;
/// Image height in pixels.
pub const H: u32 = 1560;

/// Height of the header bar.
pub const HEADER_H: f32 = 60.0;
/// Top of the map area.
pub const MAP_TOP: f32 = HEADER_H;
/// Bottom of the map area (top of the panels).
pub const MAP_BOTTOM: f32 = 1050.0;
/// Horizontal margin of the map's coordinate frame.
const MAP_MX: f32 = 100.0;
/// Vertical offset of the map's coordinate frame below the header.
const MAP_MY: f32 = 52.0;
/// Width over height of the printed board.
pub const BOARD_ASPECT: f32 = 1.95;

/// Width of a system card.
pub const CARD_W: f32 = 160.0;
/// Inner padding of a system card.
pub const CARD_PAD: f32 = 6.0;

/// Where a normalised board coordinate lands, in pixels.
pub fn to_px((x, y): (f32, f32)) -> (f32, f32) {
    let span = W as f32 - 2.0 * MAP_MX;
    (MAP_MX + x * span, MAP_TOP + MAP_MY + y * span / BOARD_ASPECT)
}

/// A rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// A rectangle from its left, top, width and height.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }
    /// The right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }
    /// The bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }
    /// Whether two rectangles overlap once each is grown by `gap` / 2 on every side.
    pub fn overlaps(&self, o: &Rect, gap: f32) -> bool {
        self.x < o.right() + gap
            && o.x < self.right() + gap
            && self.y < o.bottom() + gap
            && o.y < self.bottom() + gap
    }
}

/// The time track panel.
pub const TIME_PANEL: Rect = Rect::new(16.0, MAP_BOTTOM + 10.0, 1000.0, 150.0);
/// The hands-and-decks panel.
pub const CARDS_PANEL: Rect = Rect::new(1028.0, MAP_BOTTOM + 10.0, 956.0, 150.0);
/// The Rebel Base space panel.
pub const BASE_PANEL: Rect = Rect::new(16.0, MAP_BOTTOM + 170.0, 400.0, 200.0);
/// The build queues panel.
pub const QUEUE_PANEL: Rect = Rect::new(428.0, MAP_BOTTOM + 170.0, 588.0, 200.0);
/// The leaders panel.
pub const LEADER_PANEL: Rect = Rect::new(1028.0, MAP_BOTTOM + 170.0, 956.0, 200.0);
/// The legend panel.
pub const LEGEND_PANEL: Rect = Rect::new(16.0, MAP_BOTTOM + 380.0, 1968.0, H as f32 - MAP_BOTTOM - 390.0);

/// Left edge of time-track space 1 and the pitch between spaces.
pub const TRACK_X: f32 = TIME_PANEL.x + 20.0;
/// Pitch between time-track spaces.
pub const TRACK_PITCH: f32 = 60.0;
/// Top of the time-track spaces.
pub const TRACK_Y: f32 = TIME_PANEL.y + 44.0;
/// Size of one time-track space.
pub const TRACK_BOX: f32 = 54.0;

/// The rectangle of time-track space `n` (from 1).
pub fn track_space(n: u8) -> Rect {
    Rect::new(TRACK_X + (n as f32 - 1.0) * TRACK_PITCH, TRACK_Y, TRACK_BOX, TRACK_BOX)
}
