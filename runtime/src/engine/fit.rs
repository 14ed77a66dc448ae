//! Which rotations of a tile fit where: the test every turn makes at every
//! open position (to list, count and pick placements, and at the draw, to
//! see whether a tile fits anywhere), eight positions per step.
//!
//! An open position stores the edge codes its neighbours demand (`req`, on
//! the sides set in `mask`); `Open` pads both to whole blocks of eight with
//! positions nothing fits (`PAD`), so the loops here have no ragged end.

use super::board::{as_block, Open, BLOCK};
use super::types::Placement;

/// Set bits of each 4-bit value.
pub(crate) const NIBBLE_ONES: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// Bit r set for each rotation r whose packed edges `rot[r]` meet what one
/// open position demands (`req` on the sides in `mask`).
#[inline(always)]
pub(crate) fn nibble(rot: &[u16; 4], req: u16, mask: u16) -> u8 {
    let fits = |r: usize| u8::from((rot[r] ^ req) & mask == 0);
    fits(0) | fits(1) << 1 | fits(2) << 2 | fits(3) << 3
}

/// A tile's packed edges in its four rotations, set up once to test many
/// blocks of positions.
#[derive(Clone, Copy)]
pub(crate) struct Rotations {
    #[cfg(target_arch = "x86_64")]
    lanes: [std::arch::x86_64::__m128i; 4],
    #[cfg(not(target_arch = "x86_64"))]
    edges: [u16; 4],
}

impl Rotations {
    #[inline(always)]
    pub fn new(rot: &[u16; 4]) -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::_mm_set1_epi16;
            // SAFETY: SSE2 is part of every x86-64.
            Rotations {
                lanes: rot.map(|e| unsafe { _mm_set1_epi16(e as i16) }),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Rotations { edges: *rot }
        }
    }

    /// `nibble` for a block of eight positions, as the bytes of a word.
    #[inline(always)]
    pub fn block(&self, req: &[u16; BLOCK], mask: &[u16; BLOCK]) -> u64 {
        self.block_counted(req, mask).0
    }

    /// `block`, and how many (position, rotation) pairs of the block fit.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn block_counted(&self, req: &[u16; BLOCK], mask: &[u16; BLOCK]) -> (u64, u32) {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of every x86-64; both loads read exactly the
        // 16 bytes of an `[u16; 8]` (unaligned loads need no alignment).
        unsafe {
            let q = _mm_loadu_si128(req.as_ptr().cast());
            let m = _mm_loadu_si128(mask.as_ptr().cast());
            let zero = _mm_setzero_si128();
            // All ones in a lane where rotation r fits.
            let fit =
                |r: usize| _mm_cmpeq_epi16(_mm_and_si128(_mm_xor_si128(self.lanes[r], q), m), zero);
            let (f0, f1, f2, f3) = (fit(0), fit(1), fit(2), fit(3));
            let bit = |f, r: i16| _mm_and_si128(f, _mm_set1_epi16(1 << r));
            let nib = _mm_or_si128(
                _mm_or_si128(bit(f0, 0), bit(f1, 1)),
                _mm_or_si128(bit(f2, 2), bit(f3, 3)),
            );
            // Each fitting rotation adds -1 to its lane.
            let minus = _mm_add_epi16(_mm_add_epi16(f0, f1), _mm_add_epi16(f2, f3));
            let counts = _mm_sub_epi16(zero, minus);
            // Bytes 0-7: the nibbles; bytes 8-15: the counts, which one sum
            // of absolute differences adds up.
            let packed = _mm_packus_epi16(nib, counts);
            let sums = _mm_sad_epu8(packed, zero);
            (
                _mm_cvtsi128_si64(packed) as u64,
                _mm_extract_epi16::<4>(sums) as u32,
            )
        }
    }

    /// `block`, and how many (position, rotation) pairs of the block fit.
    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn block_counted(&self, req: &[u16; BLOCK], mask: &[u16; BLOCK]) -> (u64, u32) {
        let mut out = [0u8; BLOCK];
        for j in 0..BLOCK {
            out[j] = nibble(&self.edges, req[j], mask[j]);
        }
        let w = u64::from_le_bytes(out);
        (w, w.count_ones())
    }
}

/// `PlacementScan::scan` over whole blocks (`req` and `mask` hold
/// `words.len()` of them), adding to the running total `total`.
#[inline(always)]
fn scan_blocks(
    rot: &Rotations,
    req: &[u16],
    mask: &[u16],
    words: &mut [u64],
    upto: &mut [u16],
    mut total: u32,
) -> u32 {
    let blocks = req.chunks_exact(BLOCK).zip(mask.chunks_exact(BLOCK));
    for ((w, u), (q, m)) in words.iter_mut().zip(upto).zip(blocks) {
        let (word, count) = rot.block_counted(as_block(q), as_block(m));
        *w = word;
        total += count;
        *u = total as u16;
    }
    total
}

/// `scan_blocks` two blocks (16 positions) per step, for processors with
/// AVX2, which most x86-64 machines in use have: the scan is the one test
/// every turn makes at every open position, and large boards have many.
/// The same nibbles and counts as `Rotations::block_counted`, block by block.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn scan_avx2(
    rot: &[u16; 4],
    req: &[u16],
    mask: &[u16],
    words: &mut [u64],
    upto: &mut [u16],
) -> u32 {
    use std::arch::x86_64::*;
    // No closures here: before Rust 1.86 they did not inherit the
    // function's target features, and an intrinsic outside them is a call.
    let lanes = [
        _mm256_set1_epi16(rot[0] as i16),
        _mm256_set1_epi16(rot[1] as i16),
        _mm256_set1_epi16(rot[2] as i16),
        _mm256_set1_epi16(rot[3] as i16),
    ];
    let zero = _mm256_setzero_si256();
    let one_bit = [
        _mm256_set1_epi16(1),
        _mm256_set1_epi16(2),
        _mm256_set1_epi16(4),
        _mm256_set1_epi16(8),
    ];
    let mut total = 0u32;
    let pairs = req
        .chunks_exact(2 * BLOCK)
        .zip(mask.chunks_exact(2 * BLOCK));
    let out = words.chunks_exact_mut(2).zip(upto.chunks_exact_mut(2));
    let mut done = 0;
    for ((w, u), (q, m)) in out.zip(pairs) {
        // Each load reads exactly the 32 bytes of 16 `u16`s.
        let q = _mm256_loadu_si256(q.as_ptr().cast());
        let m = _mm256_loadu_si256(m.as_ptr().cast());
        macro_rules! fit {
            ($r:expr) => {
                _mm256_cmpeq_epi16(_mm256_and_si256(_mm256_xor_si256(lanes[$r], q), m), zero)
            };
        }
        let (f0, f1, f2, f3) = (fit!(0), fit!(1), fit!(2), fit!(3));
        let nib = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_and_si256(f0, one_bit[0]),
                _mm256_and_si256(f1, one_bit[1]),
            ),
            _mm256_or_si256(
                _mm256_and_si256(f2, one_bit[2]),
                _mm256_and_si256(f3, one_bit[3]),
            ),
        );
        let minus = _mm256_add_epi16(_mm256_add_epi16(f0, f1), _mm256_add_epi16(f2, f3));
        let counts = _mm256_sub_epi16(zero, minus);
        // Packing works within each 128-bit half: the first block's eight
        // nibbles then its counts, then the second block's.
        let packed = _mm256_packus_epi16(nib, counts);
        let sums = _mm256_sad_epu8(packed, zero);
        w[0] = _mm256_extract_epi64::<0>(packed) as u64;
        w[1] = _mm256_extract_epi64::<2>(packed) as u64;
        total += _mm256_extract_epi64::<1>(sums) as u32;
        u[0] = total as u16;
        total += _mm256_extract_epi64::<3>(sums) as u32;
        u[1] = total as u16;
        done += 2;
    }
    // An odd block at the end.
    let tail = done * BLOCK;
    scan_blocks(
        &Rotations::new(rot),
        &req[tail..],
        &mask[tail..],
        &mut words[done..],
        &mut upto[done..],
        total,
    )
}

/// The bits set in each byte of a word of eight nibbles (each count at most
/// 4, in its byte's low half).
#[inline]
fn nibble_counts(w: u64) -> u64 {
    let pairs = w - ((w >> 1) & 0x5555_5555_5555_5555);
    (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333)
}

/// What `Game::scan_placements` leaves for `Game::nth_scanned`: per open
/// position, the rotations that fit (bit r for rotation r), and per block
/// of eight how many fit in it and the blocks before it. Reused from turn
/// to turn.
#[derive(Debug, Clone, Default)]
pub struct PlacementScan {
    /// Grow, never shrink: the first `len.div_ceil(8)` are this scan's.
    words: Vec<u64>,
    /// Running totals: pairs that fit up to the end of each block.
    upto: Vec<u16>,
    len: usize,
}

impl PlacementScan {
    /// An empty scan with room for `positions` open positions.
    pub fn with_capacity(positions: usize) -> Self {
        let blocks = positions.div_ceil(BLOCK);
        PlacementScan {
            words: vec![0; blocks],
            upto: vec![0; blocks],
            len: 0,
        }
    }

    /// Test the tile with packed edges `rot` at every open position; the
    /// number of legal (position, rotation) pairs.
    pub(crate) fn scan(&mut self, rot: &[u16; 4], open: &Open) -> usize {
        let blocks = open.len().div_ceil(BLOCK);
        self.make_room(blocks);
        self.len = open.len();
        let (words, upto) = (&mut self.words[..blocks], &mut self.upto[..blocks]);
        let (req, mask) = open.padded();
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2 (checked just above).
            return unsafe { scan_avx2(rot, req, mask, words, upto) } as usize;
        }
        scan_blocks(&Rotations::new(rot), req, mask, words, upto, 0) as usize
    }

    /// Room for `blocks` blocks (grown to a power of two, never shrunk).
    fn make_room(&mut self, blocks: usize) {
        if self.words.len() < blocks {
            let n = blocks.next_power_of_two();
            self.words.resize(n, 0);
            self.upto.resize(n, 0);
        }
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Whether this scan, counting `count` placements, is what the tile
    /// with packed edges `rot` gives on `open` now, worked out block by
    /// block again (the SSE2 kernel, no allocation): debug builds check the
    /// draw's kept scan at every use.
    pub(crate) fn holds_for(&self, rot: &[u16; 4], open: &Open, count: usize) -> bool {
        let rot = Rotations::new(rot);
        let mut total = 0u32;
        self.len == open.len()
            && open.len().div_ceil(BLOCK) <= self.words.len()
            && open.blocks().enumerate().all(|(b, (q, m))| {
                let (word, n) = rot.block_counted(q, m);
                total += n;
                self.words[b] == word && u32::from(self.upto[b]) == total
            })
            && total as usize == count
    }

    /// This scan becomes a copy of `other`'s, in this one's buffers.
    pub(crate) fn copy_from(&mut self, other: &PlacementScan) {
        let blocks = other.len.div_ceil(BLOCK);
        self.make_room(blocks);
        self.words[..blocks].copy_from_slice(&other.words[..blocks]);
        self.upto[..blocks].copy_from_slice(&other.upto[..blocks]);
        self.len = other.len;
    }

    /// Every pair of the scan as `wrap` makes it, appended to `out` in the
    /// scan's order (positions, then rotations): the list of placements
    /// without testing the tile again.
    pub(crate) fn list_into<T: Copy>(
        &self,
        open: &Open,
        out: &mut Vec<T>,
        wrap: impl Fn(Placement) -> T,
    ) {
        let blocks = self.len.div_ceil(BLOCK);
        let total = self.upto[..blocks].last().map_or(0, |&u| usize::from(u));
        // Room first, then plain stores: a push per pair re-reads and
        // re-writes the vector's length.
        let start = out.len();
        out.resize(start + total, wrap(Placement::default()));
        let mut slots = out[start..].iter_mut();
        let mut listed = 0;
        self.each(open, |p| {
            if let Some(slot) = slots.next() {
                *slot = wrap(p);
                listed += 1;
            }
        });
        out.truncate(start + listed);
    }

    /// Rotation `rotation` at open position `i` is legal too (a placement a
    /// module makes legal that the edges refuse, `Hook::Enables`). Call
    /// `recount` after the last.
    pub(crate) fn allow(&mut self, i: usize, rotation: u8) {
        let (b, j) = (i / BLOCK, i % BLOCK);
        if let Some(word) = self.words[..self.len.div_ceil(BLOCK)].get_mut(b) {
            *word |= 1 << (8 * j + usize::from(rotation & 3));
        }
    }

    /// `retain` asked only at open position `i` (once, for the position):
    /// the caller knows the filter accepts everywhere else. Call
    /// `recount` after the last.
    pub(crate) fn refuse_at(&mut self, open: &Open, i: usize, keep: impl FnMut(Placement) -> bool) {
        let (b, j) = (i / BLOCK, i % BLOCK);
        let Some(word) = self.words[..self.len.div_ceil(BLOCK)].get_mut(b) else {
            return;
        };
        let fits = (*word >> (8 * j)) as u8 & 0xF;
        let Some(xy) = open.xy(i) else { return };
        let kept = kept_rotations(fits, xy, true, keep);
        *word = *word & !(0xFF << (8 * j)) | u64::from(kept) << (8 * j);
    }

    /// Keep only the positions `at` (open indices, repeats allowed, at most
    /// `KEEP_ONLY`), each rotation there as `keep` says: the caller knows
    /// the filter refuses everywhere else. The number of pairs left.
    pub(crate) fn keep_only(
        &mut self,
        open: &Open,
        at: &[usize],
        mut keep: impl FnMut(Placement) -> bool,
    ) -> usize {
        let blocks = self.len.div_ceil(BLOCK);
        let at = &at[..at.len().min(KEEP_ONLY)];
        // What stays at each listed position, worked out before any is
        // cleared; then everything else goes.
        let mut stays = [0u64; KEEP_ONLY];
        for (s, &i) in stays.iter_mut().zip(at) {
            let fits = self.words[..blocks]
                .get(i / BLOCK)
                .map_or(0, |w| (w >> (8 * (i % BLOCK))) as u8 & 0xF);
            let Some(xy) = open.xy(i) else { continue };
            *s = u64::from(kept_rotations(fits, xy, false, &mut keep));
        }
        self.words[..blocks].fill(0);
        for (&s, &i) in stays.iter().zip(at) {
            if let Some(w) = self.words[..blocks].get_mut(i / BLOCK) {
                *w |= s << (8 * (i % BLOCK));
            }
        }
        self.recount()
    }

    /// The running totals again, after `refuse_at`; the number of pairs.
    pub(crate) fn recount(&mut self) -> usize {
        let blocks = self.len.div_ceil(BLOCK);
        let mut total = 0u32;
        for (w, u) in self.words[..blocks].iter().zip(&mut self.upto[..blocks]) {
            total += w.count_ones();
            *u = total as u16;
        }
        total as usize
    }

    /// Drop the pairs `keep` refuses (a placement filter), asking once per
    /// position when `by_position` (the verdict does not depend on the
    /// rotation), and recount; the number of pairs left. The order of the
    /// rest does not change.
    pub(crate) fn retain(
        &mut self,
        open: &Open,
        by_position: bool,
        mut keep: impl FnMut(Placement) -> bool,
    ) -> usize {
        let blocks = self.len.div_ceil(BLOCK);
        for (b, word) in self.words[..blocks].iter_mut().enumerate() {
            let mut kept = 0u64;
            for j in 0..BLOCK {
                let fits = (*word >> (8 * j)) as u8 & 0xF;
                let Some(xy) = open.xy(BLOCK * b + j) else {
                    continue;
                };
                kept |= u64::from(kept_rotations(fits, xy, by_position, &mut keep)) << (8 * j);
            }
            *word = kept;
        }
        self.recount()
    }

    /// Calls `f` with every pair of the scan, in `nth`'s order (position,
    /// then rotation): a listing at a few instructions a pair.
    pub(crate) fn each(&self, open: &Open, mut f: impl FnMut(Placement)) {
        self.each_position(open, |x, y, rotations| {
            let mut r = rotations;
            while r != 0 {
                f(Placement {
                    x,
                    y,
                    rotation: r.trailing_zeros() as u8,
                });
                r &= r - 1;
            }
        });
    }

    /// Calls `f(x, y, rotations)` with every position where a rotation
    /// fits, bit r of `rotations` set when rotation r does; in `each`'s
    /// order. What a caller that maps a position once, then its rotations
    /// (an action id per pair), needs: half the work of `each` a pair.
    pub(crate) fn each_position(&self, open: &Open, mut f: impl FnMut(i16, i16, u8)) {
        let blocks = self.len.div_ceil(BLOCK);
        let cells = open.xy[..open.len()].chunks(BLOCK);
        for (&word, cells) in self.words[..blocks].iter().zip(cells) {
            // Bit r of byte j: rotation r fits at position j of the block.
            let mut w = word & (BYTES * 0xF);
            while w != 0 {
                let j = w.trailing_zeros() as usize / 8;
                w &= !(0xFF << (8 * j));
                let Some(&[x, y]) = cells.get(j) else {
                    break;
                };
                f(x, y, (word >> (8 * j)) as u8 & 0xF);
            }
        }
    }

    /// The `k`-th pair of the scan, in position then rotation order; `None`
    /// past the end, or for a scan made for another board. Found without
    /// a branch on where it lies: a loop that stops at the block holding
    /// it would mispredict its exit nearly every time.
    pub(crate) fn nth(&self, k: usize, open: &Open) -> Option<Placement> {
        let blocks = self.len.div_ceil(BLOCK);
        let upto = self.upto.get(..blocks)?;
        // The blocks that end at or before the k-th pair.
        let b: usize = upto.iter().map(|&u| usize::from(usize::from(u) <= k)).sum();
        let word = *self.words.get(b)?;
        let before = if b == 0 { 0 } else { usize::from(upto[b - 1]) };
        let left = k.checked_sub(before)?;
        if b >= blocks || left >= 32 {
            return None;
        }
        // Pairs up to and including each of the eight positions, a byte
        // each; the position is the first whose count exceeds `left`: the
        // bytes at or below it are counted by their top bits, as
        // 0x80 + left - count (which never borrows: counts are at most 32).
        let upto_in = nibble_counts(word).wrapping_mul(BYTES);
        let at_or_below = ((left as u64 * BYTES) | HIGH_BITS).wrapping_sub(upto_in) & HIGH_BITS;
        let j = ((at_or_below >> 7).wrapping_mul(BYTES) >> 56) as usize;
        if j >= BLOCK {
            return None;
        }
        // Pairs before position j of the block (the byte below j's).
        let before_in = ((upto_in << 8) >> (8 * j)) as u8;
        let i = BLOCK * b + j;
        if i >= self.len {
            return None;
        }
        open_placement(
            open,
            i,
            (word >> (8 * j)) as u8,
            left.checked_sub(usize::from(before_in))?,
        )
    }
}

/// The rotations among `fits` at `xy` that `keep` accepts, asked once for
/// the position (with its first rotation) when `by_position`; `keep` is not
/// asked where nothing fits.
fn kept_rotations(
    fits: u8,
    [x, y]: [i16; 2],
    by_position: bool,
    mut keep: impl FnMut(Placement) -> bool,
) -> u8 {
    let at = |rotation: u8| Placement { x, y, rotation };
    if fits == 0 {
        0
    } else if by_position {
        if keep(at(fits.trailing_zeros() as u8)) {
            fits
        } else {
            0
        }
    } else {
        (0..4u8)
            .filter(|&r| fits & (1 << r) != 0 && keep(at(r)))
            .fold(0, |m, r| m | 1 << r)
    }
}

/// The most positions `PlacementScan::keep_only` takes.
pub(crate) const KEEP_ONLY: usize = 32;

/// One in each byte.
const BYTES: u64 = 0x0101_0101_0101_0101;
/// The top bit of each byte.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// `NTH_ROTATION[fits][n]`: the `n`-th rotation whose bit is set in
/// `fits`, 4 when there are not that many.
pub(crate) const NTH_ROTATION: [[u8; 4]; 16] = {
    let mut t = [[4u8; 4]; 16];
    let mut fits = 0;
    while fits < 16 {
        let mut n = 0;
        let mut r = 0;
        while r < 4 {
            if fits & (1 << r) != 0 {
                t[fits][n] = r as u8;
                n += 1;
            }
            r += 1;
        }
        fits += 1;
    }
    t
};

/// The `left`-th of the rotations `fits` (bit r for rotation r) at open
/// position `i`; `None` if there is no such position or rotation (a scan
/// made for another state).
#[inline]
pub(crate) fn open_placement(open: &Open, i: usize, fits: u8, left: usize) -> Option<Placement> {
    let rotation = *NTH_ROTATION[usize::from(fits & 0xF)].get(left)?;
    let [x, y] = open.xy(i)?;
    (rotation < 4).then_some(Placement { x, y, rotation })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::PAD;

    /// The AVX2 scan leaves the same words and totals as the block-by-block
    /// one, for any demands, with an odd block at the end or not.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_scan_agrees_with_blocks() {
        if !std::is_x86_feature_detected!("avx2") {
            eprintln!("no AVX2 on this processor: nothing to compare");
            return;
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for blocks in 0..7 {
            for _ in 0..50 {
                let n = blocks * BLOCK;
                // Edge codes 0-3 on sides with a neighbour (few codes, so
                // that fits are common).
                let mask: Vec<u16> = (0..n)
                    .map(|_| next() as u16)
                    .map(|m| {
                        (0..4).fold(0, |a, s| {
                            a | if m >> s & 1 == 1 { 0xF << (4 * s) } else { 0 }
                        })
                    })
                    .collect();
                let req: Vec<u16> = mask.iter().map(|&m| next() as u16 & 0x3333 & m).collect();
                let rot = [0, 1, 2, 3].map(|_| next() as u16 & 0x3333);
                let (mut w1, mut u1) = (vec![0; blocks], vec![0; blocks]);
                let (mut w2, mut u2) = (vec![0; blocks], vec![0; blocks]);
                let t1 = scan_blocks(&Rotations::new(&rot), &req, &mask, &mut w1, &mut u1, 0);
                // SAFETY: AVX2 was checked above.
                let t2 = unsafe { scan_avx2(&rot, &req, &mask, &mut w2, &mut u2) };
                assert_eq!((t1, &w1, &u1), (t2, &w2, &u2), "{blocks} blocks");
            }
        }
    }

    #[test]
    fn blocks_agree_with_one_position_at_a_time() {
        let rot = [0x0121, 0x1012, 0x2101, 0x1210];
        let req = [0x0001, 0x0100, 0x0020, 0, 0x2101, PAD, 0x1111, 0x0002];
        let mask = [0x000F, 0x0F00, 0x00F0, 0, 0xFFFF, PAD, 0xFFFF, 0x000F];
        let (word, count) = Rotations::new(&rot).block_counted(&req, &mask);
        let mut n = 0;
        for j in 0..BLOCK {
            let want = nibble(&rot, req[j], mask[j]);
            assert_eq!((word >> (8 * j)) as u8, want, "position {j}");
            n += u32::from(NIBBLE_ONES[want as usize]);
        }
        assert_eq!(count, n);
        assert_eq!((word >> 40) as u8, 0, "nothing fits a padding position");
        assert_eq!(
            (word >> 24) as u8,
            0xF,
            "everything fits where nothing is demanded"
        );
    }
}
