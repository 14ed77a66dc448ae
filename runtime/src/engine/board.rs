//! The grid of placed tiles and the open positions next to them.
//!
//! Each open position keeps the packed edges its neighbours demand, so testing
//! a tile there is one mask compare per rotation (`fits`). The grid grows (and
//! re-centres) only when a tile lands near its border, which is rare; cloning
//! a board copies a few kilobytes and allocates nothing else.

use super::room::roomy;

/// Open positions tested per step (`fit`): `Open` keeps its entries in
/// whole blocks of this many.
pub const BLOCK: usize = 8;

/// A padding position's `req` and `mask`: side 0 demands edge code 0xF,
/// which no edge has (`Edge` codes stop at 5).
pub const PAD: u16 = 0xF;

/// What a cell holds: nothing, a placed tile (`index + 1`), or an open
/// position (`OPEN | index into open`).
const EMPTY: u16 = 0;
const OPEN: u16 = 0x8000;

/// The empty cells next to at least one tile, as parallel arrays so that
/// a tile is tested against eight of them per step (`super::fit`).
///
/// The first `len` entries are the open positions. After them come at
/// least four spare entries (a placement opens at most four positions, so
/// `Board::place` adds them without a branch) and padding up to a whole
/// number of `BLOCK`s; spare `req` and `mask` entries are `PAD`, which no
/// tile fits.
#[derive(Debug, Default)]
pub struct Open {
    len: usize,
    /// The edge code each neighbour demands, side `s` in bits `4s..4s+4`.
    pub req: Vec<u16>,
    /// `0xF` in the nibble of each side that has a neighbour.
    pub mask: Vec<u16>,
    /// The board coordinates of each open position.
    pub xy: Vec<[i16; 2]>,
}

/// Open positions compare by what they hold, not by their spare room.
impl PartialEq for Open {
    fn eq(&self, other: &Self) -> bool {
        let n = self.len;
        n == other.len
            && self.req[..n] == other.req[..n]
            && self.mask[..n] == other.mask[..n]
            && self.xy[..n] == other.xy[..n]
    }
}

impl Eq for Open {}

impl Open {
    /// How many open positions there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether a tile whose rotated packed edges are `edges` fits at `i`.
    #[inline]
    pub fn fits(&self, i: usize, edges: u16) -> bool {
        (edges ^ self.req[i]) & self.mask[i] == 0
    }

    /// The demands of the open positions, a block of eight at a time (the
    /// last block padded).
    #[inline]
    pub fn blocks(&self) -> impl Iterator<Item = (&[u16; BLOCK], &[u16; BLOCK])> {
        let n = self.len.div_ceil(BLOCK) * BLOCK;
        let req = self.req[..n].chunks_exact(BLOCK).map(as_block);
        req.zip(self.mask[..n].chunks_exact(BLOCK).map(as_block))
    }

    /// The demands and masks of the open positions, padded to whole blocks.
    #[inline]
    pub fn padded(&self) -> (&[u16], &[u16]) {
        let n = self.len.div_ceil(BLOCK) * BLOCK;
        (&self.req[..n], &self.mask[..n])
    }

    /// The coordinates of open position `i`.
    #[inline]
    pub fn xy(&self, i: usize) -> Option<[i16; 2]> {
        self.xy[..self.len].get(i).copied()
    }

    /// Keep four spare entries after the open positions.
    #[inline]
    fn make_room(&mut self) {
        if self.len + 4 > self.req.len() {
            self.req.extend([PAD; BLOCK]);
            self.mask.extend([PAD; BLOCK]);
            self.xy.extend([[0, 0]; BLOCK]);
        }
    }

    /// A new open position at (x, y), demanding nothing yet.
    fn push(&mut self, x: i16, y: i16) -> usize {
        self.make_room();
        let i = self.len;
        self.len += 1;
        self.req[i] = 0;
        self.mask[i] = 0;
        self.xy[i] = [x, y];
        i
    }

    fn swap_remove(&mut self, i: usize) {
        let last = self.len - 1;
        self.req[i] = self.req[last];
        self.mask[i] = self.mask[last];
        self.xy[i] = self.xy[last];
        self.req[last] = PAD;
        self.mask[last] = PAD;
        self.len = last;
    }

    fn clear(&mut self) {
        self.len = 0;
        self.req.fill(PAD);
        self.mask.fill(PAD);
    }
}

/// A chunk of `BLOCK` as an array (`chunks_exact` gives no others).
#[inline(always)]
pub(crate) fn as_block(c: &[u16]) -> &[u16; BLOCK] {
    const NOTHING_FITS: [u16; BLOCK] = [PAD; BLOCK];
    c.try_into().unwrap_or(&NOTHING_FITS)
}

impl Clone for Open {
    fn clone(&self) -> Self {
        Open {
            len: self.len,
            req: roomy(&self.req),
            mask: roomy(&self.mask),
            xy: roomy(&self.xy),
        }
    }

    fn clone_from(&mut self, src: &Self) {
        self.len = src.len;
        self.req.clone_from(&src.req);
        self.mask.clone_from(&src.mask);
        self.xy.clone_from(&src.xy);
    }
}

/// The grid of placed tiles and the open positions beside them. The grid
/// grows as the game spreads and keeps a placed tile's index per cell.
#[derive(Debug)]
pub struct Board {
    /// Width and height of the grid (a power of two).
    size: i32,
    /// Board coordinate of grid cell (0, 0).
    origin: (i32, i32),
    cells: Vec<u16>,
    /// The empty cells next to a placed tile, with what their neighbours demand.
    pub open: Open,
}

impl Clone for Board {
    fn clone(&self) -> Self {
        Board {
            size: self.size,
            origin: self.origin,
            cells: roomy(&self.cells),
            open: self.open.clone(),
        }
    }

    /// Reuses this board's buffers.
    fn clone_from(&mut self, src: &Self) {
        self.size = src.size;
        self.origin = src.origin;
        self.cells.clone_from(&src.cells);
        self.open.clone_from(&src.open);
    }
}

/// Boards compare by what lies where, not by the grid that holds it (a
/// restarted game keeps the grid its last game grew).
impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        if self.open != other.open {
            return false;
        }
        if (self.size, self.origin) == (other.size, other.origin) {
            return self.cells == other.cells;
        }
        let same_in = |a: &Board, b: &Board| {
            a.cells.iter().enumerate().all(|(i, &c)| {
                let (gx, gy) = (i as i32 % a.size, i as i32 / a.size);
                c == EMPTY || b.cell(gx + a.origin.0, gy + a.origin.1) == c
            })
        };
        same_in(self, other) && same_in(other, self)
    }
}

impl Eq for Board {}

/// The grid's width and height before it first grows.
const INITIAL_SIZE: i32 = 32;

/// A game of more tiles than this is long: its grid, grown by the game
/// before, is kept for it (`Board::clear`). Base has 72 tiles; the largest
/// rulesets, whose boards always outgrow the first grid, 244 and 297.
const LONG_GAME: usize = 150;

/// The column step towards each side: N, E, S, W.
pub const DX: [i32; 4] = [0, 1, 0, -1];
/// The row step towards each side: N, E, S, W (y grows south).
pub const DY: [i32; 4] = [-1, 0, 1, 0];

impl Board {
    /// How many times the grid has grown (for tests and benchmarks).
    pub fn size(&self) -> i32 {
        self.size
    }

    /// An empty board on the first, small grid.
    pub fn new() -> Self {
        let size = INITIAL_SIZE;
        Board {
            size,
            origin: (-size / 2, -size / 2),
            cells: vec![EMPTY; (size * size) as usize],
            open: Open {
                len: 0,
                req: Vec::with_capacity(96),
                mask: Vec::with_capacity(96),
                xy: Vec::with_capacity(96),
            },
        }
    }

    #[inline]
    fn index(&self, x: i32, y: i32) -> Option<usize> {
        let gx = x - self.origin.0;
        let gy = y - self.origin.1;
        if gx < 0 || gy < 0 || gx >= self.size || gy >= self.size {
            None
        } else {
            Some((gy * self.size + gx) as usize)
        }
    }

    #[inline]
    fn cell(&self, x: i32, y: i32) -> u16 {
        self.index(x, y).map_or(EMPTY, |i| self.cells[i])
    }

    /// The placed tile at (x, y), as an index into the placement list.
    #[inline]
    pub fn placed_at(&self, x: i32, y: i32) -> Option<usize> {
        let c = self.cell(x, y);
        if c != EMPTY && c & OPEN == 0 {
            Some((c - 1) as usize)
        } else {
            None
        }
    }

    /// The open position at (x, y), as an index into `open`.
    #[inline]
    pub fn open_at(&self, x: i32, y: i32) -> Option<usize> {
        let c = self.cell(x, y);
        if c & OPEN != 0 {
            Some((c & !OPEN) as usize)
        } else {
            None
        }
    }

    /// Make sure (x, y) and its neighbours lie inside the grid.
    fn ensure(&mut self, x: i32, y: i32) {
        let inside = |b: &Board| {
            let gx = x - b.origin.0;
            let gy = y - b.origin.1;
            gx >= 1 && gy >= 1 && gx < b.size - 1 && gy < b.size - 1
        };
        while !inside(self) {
            let old_size = self.size;
            let old_origin = self.origin;
            let size = old_size * 2;
            // Keep the old grid in the middle of the new one.
            let origin = (old_origin.0 - old_size / 2, old_origin.1 - old_size / 2);
            let mut cells = vec![EMPTY; (size * size) as usize];
            for gy in 0..old_size {
                for gx in 0..old_size {
                    let v = self.cells[(gy * old_size + gx) as usize];
                    let ny = gy + old_size / 2;
                    let nx = gx + old_size / 2;
                    cells[(ny * size + nx) as usize] = v;
                }
            }
            self.size = size;
            self.origin = origin;
            self.cells = cells;
        }
    }

    /// Take every tile off: an empty board like `Board::new`'s, in this
    /// one's buffers, for a game of `tiles` tiles. Before a long game (more
    /// than `LONG_GAME` tiles) a grid that grew keeps its size, so the game
    /// neither allocates nor grows it again (the largest rulesets' boards
    /// grow twice a game otherwise), and only its cells in use are cleared:
    /// the placed tiles, at `placed`, and the open positions. Before a
    /// short one the first grid comes back: it grows rarely there, and the
    /// small grid stays in cache (a large kept grid made base games
    /// measurably slower: docs/speed.md).
    pub fn clear(&mut self, placed: impl Iterator<Item = (i32, i32)>, tiles: usize) {
        if self.size != INITIAL_SIZE && tiles > LONG_GAME {
            let (size, (ox, oy)) = (self.size, self.origin);
            let open = self.open.xy[..self.open.len].iter();
            let open = open.map(|&[x, y]| (i32::from(x), i32::from(y)));
            for (x, y) in placed.chain(open) {
                // Every cell in use lies inside the grid: a wrong index is
                // caught by the check below in debug builds.
                let i = ((y - oy) * size + (x - ox)) as usize;
                if let Some(c) = self.cells.get_mut(i) {
                    *c = EMPTY;
                }
            }
        } else {
            // (Shrinking keeps the capacity: no allocation.)
            self.size = INITIAL_SIZE;
            self.cells.truncate((INITIAL_SIZE * INITIAL_SIZE) as usize);
            self.cells.fill(EMPTY);
        }
        debug_assert!(
            self.cells.iter().all(|&c| c == EMPTY),
            "a cell in use was not listed"
        );
        self.origin = (-self.size / 2, -self.size / 2);
        self.open.clear();
    }

    /// An empty table: (0, 0) is open with no requirements.
    pub fn open_origin(&mut self) {
        if self.placed_at(0, 0).is_none() && self.open_at(0, 0).is_none() {
            let o = self.open.push(0, 0);
            let i = self.index(0, 0).expect("origin is inside");
            self.cells[i] = OPEN | o as u16;
        }
    }

    /// Put placed tile number `index` at (x, y), whose rotated packed edges are
    /// `edges`; open positions around it are created or tightened. Returns the
    /// placed tiles on its four sides.
    pub fn place(&mut self, x: i32, y: i32, index: usize, edges: u16) -> [Option<usize>; 4] {
        let mut neighbours = [None; 4];
        if index == 0 && self.open.is_empty() {
            // The first tile: centre the grid on it, wherever it is, so a
            // far-away start costs no more than one at (0, 0).
            self.origin = (x - self.size / 2, y - self.size / 2);
        }
        self.ensure(x, y);
        // Inside the border `ensure` keeps, the four neighbours are fixed
        // offsets from the cell.
        let i = ((y - self.origin.1) * self.size + (x - self.origin.0)) as usize;
        let c = self.cells[i];
        if c & OPEN != 0 {
            self.remove_open((c & !OPEN) as usize);
        }
        self.cells[i] = index as u16 + 1;
        self.open.make_room();
        let size = self.size as usize;
        let around = [i - size, i + 1, i + size, i - 1];
        for (side, ni) in around.into_iter().enumerate() {
            let c = self.cells[ni];
            if c != EMPTY && c & OPEN == 0 {
                neighbours[side] = Some((c - 1) as usize);
                continue;
            }
            // An empty cell becomes a new open position at the end (in the
            // spare room); an open one keeps its index and demands. Written
            // the same way for both, so that which it was is no branch to
            // mispredict.
            let new = c == EMPTY;
            let o = if new {
                self.open.len
            } else {
                (c & !OPEN) as usize
            };
            self.open.len += usize::from(new);
            // A spare entry holds `PAD`, cleared here; an open one keeps
            // what it holds (both loaded, so the compiler has no load to
            // skip by branching).
            let keep = !(PAD & u16::from(new).wrapping_neg());
            self.cells[ni] = OPEN | o as u16;
            self.open.xy[o] = [(x + DX[side]) as i16, (y + DY[side]) as i16];
            let opposite = (side + 2) % 4;
            let code = (edges >> (4 * side)) & 0xF;
            self.open.req[o] = self.open.req[o] & keep | code << (4 * opposite);
            self.open.mask[o] = self.open.mask[o] & keep | 0xF << (4 * opposite);
        }
        neighbours
    }

    /// The open position at (x, y), if it is one, must now show edge code
    /// `code` on its side `side`: a placed tile beside it changed what it
    /// shows there (a module's segment added after placement, a bridge's
    /// end).
    pub fn demand(&mut self, x: i32, y: i32, side: usize, code: u16) {
        if let Some(o) = self.open_at(x, y) {
            let shift = 4 * side;
            self.open.req[o] = self.open.req[o] & !(0xF << shift) | (code & 0xF) << shift;
            self.open.mask[o] |= 0xF << shift;
        }
    }

    fn remove_open(&mut self, o: usize) {
        self.open.swap_remove(o);
        if o < self.open.len() {
            let [x, y] = self.open.xy[o];
            let i = self
                .index(x as i32, y as i32)
                .expect("open cells are inside");
            self.cells[i] = OPEN | o as u16;
        }
    }

    /// Number of placed tiles among the eight around (x, y).
    pub fn neighbours8(&self, x: i32, y: i32) -> u32 {
        let mut n = 0;
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) != (0, 0) && self.placed_at(x + dx, y + dy).is_some() {
                    n += 1;
                }
            }
        }
        n
    }
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_positions_follow_placements() {
        let mut b = Board::new();
        b.place(0, 0, 0, 0x0012); // N road(1)? nibble0 = 2 (city N), nibble1 = 1 (road E)
        assert_eq!(b.open.len(), 4);
        let north = b.open_at(0, -1).unwrap();
        // The tile north of us must show a city on its S side.
        assert_eq!(b.open.mask[north], 0x0F00);
        assert_eq!(b.open.req[north], 0x0200);
        b.place(0, -1, 1, 0x0200);
        assert!(b.open_at(0, -1).is_none());
        assert_eq!(b.placed_at(0, -1), Some(1));
        assert_eq!(b.open.len(), 6);
    }

    #[test]
    fn grid_grows_without_losing_tiles() {
        let mut b = Board::new();
        b.open_origin();
        assert_eq!(
            (b.open.len(), b.open.req.len(), b.open.mask[1]),
            (1, BLOCK, PAD)
        );
        for x in 0..100 {
            b.place(x, 0, x as usize, 0);
        }
        for x in 0..100 {
            assert_eq!(b.placed_at(x, 0), Some(x as usize));
        }
        assert!(b.open_at(100, 0).is_some());
        assert!(b.open_at(-1, 0).is_some());
        assert_eq!(b.open.len(), 202);
        assert!(b.open.req.len() >= 206 && b.open.req.len() % BLOCK == 0);
        assert!(b.open.req[202..].iter().all(|&q| q == PAD));
    }
}
