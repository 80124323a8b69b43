//! The DXBC container checksum.
//!
//! Bytes `4..20` of a container hold a 16-byte digest of bytes `20..end`
//! (everything after the digest itself). The digest is MD5's compression
//! function run over that data, but the final block is laid out differently
//! from RFC 1321 padding:
//!
//! - Let `len` be the number of hashed bytes, `bits = len * 8` (as a `u32`)
//!   and `tail = len % 64`. All whole 64-byte blocks are compressed as usual.
//! - If `tail < 56`, one last block is built as: the dword `bits`, then the
//!   `tail` remaining bytes, then `0x80`, then zeros, and in the last dword
//!   `(bits >> 2) | 1`.
//! - If `tail >= 56`, the remaining bytes followed by `0x80` and zeros make one
//!   block, and a final block holds `bits` in its first dword, zeros, and
//!   `(bits >> 2) | 1` in its last dword.
//!
//! The digest is the four MD5 state words stored little-endian, with no
//! further finalisation.
//!
//! The MD5 rounds are written out here because the `md-5` crate does not
//! expose its raw compression function or state.

/// Number of leading container bytes that are not covered by the checksum
/// (the `DXBC` magic and the checksum itself).
pub const CHECKSUM_SKIP: usize = 20;

/// Per-round left-rotation amounts of MD5 (RFC 1321).
const SHIFTS: [u32; 16] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/// MD5's additive constants, `floor(abs(sin(i + 1)) * 2^32)`.
const K: [u32; 64] = [
    0xd76a_a478,
    0xe8c7_b756,
    0x2420_70db,
    0xc1bd_ceee,
    0xf57c_0faf,
    0x4787_c62a,
    0xa830_4613,
    0xfd46_9501,
    0x6980_98d8,
    0x8b44_f7af,
    0xffff_5bb1,
    0x895c_d7be,
    0x6b90_1122,
    0xfd98_7193,
    0xa679_438e,
    0x49b4_0821,
    0xf61e_2562,
    0xc040_b340,
    0x265e_5a51,
    0xe9b6_c7aa,
    0xd62f_105d,
    0x0244_1453,
    0xd8a1_e681,
    0xe7d3_fbc8,
    0x21e1_cde6,
    0xc337_07d6,
    0xf4d5_0d87,
    0x455a_14ed,
    0xa9e3_e905,
    0xfcef_a3f8,
    0x676f_02d9,
    0x8d2a_4c8a,
    0xfffa_3942,
    0x8771_f681,
    0x6d9d_6122,
    0xfde5_380c,
    0xa4be_ea44,
    0x4bde_cfa9,
    0xf6bb_4b60,
    0xbebf_bc70,
    0x289b_7ec6,
    0xeaa1_27fa,
    0xd4ef_3085,
    0x0488_1d05,
    0xd9d4_d039,
    0xe6db_99e5,
    0x1fa2_7cf8,
    0xc4ac_5665,
    0xf429_2244,
    0x432a_ff97,
    0xab94_23a7,
    0xfc93_a039,
    0x655b_59c3,
    0x8f0c_cc92,
    0xffef_f47d,
    0x8584_5dd1,
    0x6fa8_7e4f,
    0xfe2c_e6e0,
    0xa301_4314,
    0x4e08_11a1,
    0xf753_7e82,
    0xbd3a_f235,
    0x2ad7_d2bb,
    0xeb86_d391,
];

/// MD5's initial state.
const INIT: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];

/// One MD5 step: `a = b + ((a + f(b, c, d) + k + m) <<< s)`.
macro_rules! step {
    ($f:expr, $a:ident, $b:ident, $c:ident, $d:ident, $m:expr, $i:expr) => {
        $a = $b.wrapping_add(
            $a.wrapping_add($f($b, $c, $d))
                .wrapping_add(K[$i])
                .wrapping_add($m)
                .rotate_left(shift($i)),
        );
    };
}

/// Sixteen steps of one MD5 round, the four state words rotating through
/// the roles `a, b, c, d`; `$g` maps a step number to its message word.
macro_rules! round {
    ($f:expr, $g:expr, $m:ident, $a:ident, $b:ident, $c:ident, $d:ident, $base:expr) => {
        step!($f, $a, $b, $c, $d, $m[$g($base)], $base);
        step!($f, $d, $a, $b, $c, $m[$g($base + 1)], $base + 1);
        step!($f, $c, $d, $a, $b, $m[$g($base + 2)], $base + 2);
        step!($f, $b, $c, $d, $a, $m[$g($base + 3)], $base + 3);
        step!($f, $a, $b, $c, $d, $m[$g($base + 4)], $base + 4);
        step!($f, $d, $a, $b, $c, $m[$g($base + 5)], $base + 5);
        step!($f, $c, $d, $a, $b, $m[$g($base + 6)], $base + 6);
        step!($f, $b, $c, $d, $a, $m[$g($base + 7)], $base + 7);
        step!($f, $a, $b, $c, $d, $m[$g($base + 8)], $base + 8);
        step!($f, $d, $a, $b, $c, $m[$g($base + 9)], $base + 9);
        step!($f, $c, $d, $a, $b, $m[$g($base + 10)], $base + 10);
        step!($f, $b, $c, $d, $a, $m[$g($base + 11)], $base + 11);
        step!($f, $a, $b, $c, $d, $m[$g($base + 12)], $base + 12);
        step!($f, $d, $a, $b, $c, $m[$g($base + 13)], $base + 13);
        step!($f, $c, $d, $a, $b, $m[$g($base + 14)], $base + 14);
        step!($f, $b, $c, $d, $a, $m[$g($base + 15)], $base + 15);
    };
}

/// The rotation of step `i`.
#[inline(always)]
const fn shift(i: usize) -> u32 {
    SHIFTS[(i / 16) * 4 + i % 4]
}
#[inline(always)]
fn f1(b: u32, c: u32, d: u32) -> u32 {
    (b & c) | (!b & d)
}
#[inline(always)]
fn f2(b: u32, c: u32, d: u32) -> u32 {
    (d & b) | (!d & c)
}
#[inline(always)]
fn f3(b: u32, c: u32, d: u32) -> u32 {
    b ^ c ^ d
}
#[inline(always)]
fn f4(b: u32, c: u32, d: u32) -> u32 {
    c ^ (b | !d)
}
#[inline(always)]
const fn g1(i: usize) -> usize {
    i
}
#[inline(always)]
const fn g2(i: usize) -> usize {
    (5 * i + 1) % 16
}
#[inline(always)]
const fn g3(i: usize) -> usize {
    (3 * i + 5) % 16
}
#[inline(always)]
const fn g4(i: usize) -> usize {
    (7 * i) % 16
}

/// Runs the MD5 compression function on one 64-byte block (the 64 steps
/// written out, so every message index and rotation is a constant).
fn compress(state: &mut [u32; 4], block: &[u8; 64]) {
    let mut m = [0u32; 16];
    for (word, bytes) in m.iter_mut().zip(block.chunks_exact(4)) {
        *word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    }
    let [mut a, mut b, mut c, mut d] = *state;
    round!(f1, g1, m, a, b, c, d, 0);
    round!(f2, g2, m, a, b, c, d, 16);
    round!(f3, g3, m, a, b, c, d, 32);
    round!(f4, g4, m, a, b, c, d, 48);
    state[0] = state[0].wrapping_add(a);
    state[1] = state[1].wrapping_add(b);
    state[2] = state[2].wrapping_add(c);
    state[3] = state[3].wrapping_add(d);
}

/// Computes the DXBC checksum of `data`, the bytes the checksum covers (a
/// container's bytes `20..total_size`).
pub fn checksum_of(data: &[u8]) -> [u8; 16] {
    let mut state = INIT;
    let mut blocks = data.chunks_exact(64);
    for block in &mut blocks {
        let mut buf = [0u8; 64];
        buf.copy_from_slice(block);
        compress(&mut state, &buf);
    }
    let tail = blocks.remainder();
    // The length in bits is a 32-bit quantity in this format (containers are
    // at most 4 GiB by their size field), so it wraps like the original.
    let bits = (data.len() as u32).wrapping_mul(8);
    let bits_part2 = (bits >> 2) | 1;

    let mut last = [0u8; 64];
    if tail.len() >= 56 {
        let mut buf = [0u8; 64];
        buf[..tail.len()].copy_from_slice(tail);
        buf[tail.len()] = 0x80;
        compress(&mut state, &buf);
    } else {
        last[4..4 + tail.len()].copy_from_slice(tail);
        last[4 + tail.len()] = 0x80;
    }
    last[..4].copy_from_slice(&bits.to_le_bytes());
    last[60..].copy_from_slice(&bits_part2.to_le_bytes());
    compress(&mut state, &last);

    let mut out = [0u8; 16];
    for (dst, word) in out.chunks_exact_mut(4).zip(state) {
        dst.copy_from_slice(&word.to_le_bytes());
    }
    out
}

/// Computes the checksum of a whole container: the digest of its bytes from
/// offset 20 to the end of `container` (pass the container cut to its
/// declared size). A slice shorter than 20 bytes hashes as empty.
pub fn container_checksum(container: &[u8]) -> [u8; 16] {
    checksum_of(container.get(CHECKSUM_SKIP..).unwrap_or(&[]))
}

/// Lower-case hex of a digest, for messages.
pub fn to_hex(digest: &[u8; 16]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compression function is plain MD5: standard RFC 1321 padding of
    /// the empty message gives the well-known digest.
    #[test]
    fn md5_compress_matches_rfc1321_empty_message() {
        let mut state = INIT;
        let mut block = [0u8; 64];
        block[0] = 0x80;
        compress(&mut state, &block);
        let mut out = [0u8; 16];
        for (dst, word) in out.chunks_exact_mut(4).zip(state) {
            dst.copy_from_slice(&word.to_le_bytes());
        }
        assert_eq!(to_hex(&out), "d41d8cd98f00b204e9800998ecf8427e");
    }

    /// "abc" with RFC padding, another known vector.
    #[test]
    fn md5_compress_matches_rfc1321_abc() {
        let mut state = INIT;
        let mut block = [0u8; 64];
        block[..3].copy_from_slice(b"abc");
        block[3] = 0x80;
        block[56] = 24;
        compress(&mut state, &block);
        let mut out = [0u8; 16];
        for (dst, word) in out.chunks_exact_mut(4).zip(state) {
            dst.copy_from_slice(&word.to_le_bytes());
        }
        assert_eq!(to_hex(&out), "900150983cd24fb0d6963f7d28e17f72");
    }

    #[test]
    fn short_containers_do_not_panic() {
        for n in 0..200 {
            let v = vec![0xabu8; n];
            let _ = container_checksum(&v);
        }
    }

    /// The two final-block layouts give different digests for lengths on
    /// either side of the 56-byte boundary (a sanity check that both paths
    /// run).
    #[test]
    fn boundary_lengths_differ() {
        let a = checksum_of(&[0u8; 55]);
        let b = checksum_of(&[0u8; 56]);
        let c = checksum_of(&[0u8; 64]);
        assert_ne!(a, b);
        assert_ne!(b, c);
    }
}
