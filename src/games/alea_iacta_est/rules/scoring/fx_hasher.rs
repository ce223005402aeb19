//! rustc's FxHash, for the housing solver's memo.

use std::hash::Hasher;

/// rustc's FxHash: the memo's keys are short and made by the engine, so a fast unkeyed hash is enough (the solver
/// runs at every game end and SipHash dominated it).
#[derive(Default)]
pub(super) struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        for &byte in chunks.remainder() {
            self.add(byte.into());
        }
    }

    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }

    fn write_u128(&mut self, value: u128) {
        self.add(value as u64);
        self.add((value >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
