//! LEB128 varints and length-prefixed slices: the compact binary layouts of archived games (the record in the store,
//! the decisions in the engine) read and write them alike.

/// Appends `value`, seven bits a byte, least significant first.
pub fn put(bytes: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        bytes.push((value as u8) | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
}

/// The first `length` bytes of `bytes`, taken off it; `None` when it is shorter.
pub fn take<'a>(bytes: &mut &'a [u8], length: usize) -> Option<&'a [u8]> {
    if bytes.len() < length {
        return None;
    }
    let (taken, rest) = bytes.split_at(length);
    *bytes = rest;
    Some(taken)
}

/// The varint at the start of `bytes`, taken off it; `None` when it is cut short or longer than 64 bits.
pub fn read(bytes: &mut &[u8]) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = take(bytes, 1)?[0];
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Some(value);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn varints_read_back_and_a_cut_one_is_refused() {
        for value in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut bytes = Vec::new();
            super::put(&mut bytes, value);
            let mut reading = bytes.as_slice();
            assert_eq!(super::read(&mut reading), Some(value));
            assert!(reading.is_empty());
            let mut cut = &bytes[..bytes.len() - 1];
            assert_eq!(super::read(&mut cut), None);
        }
    }
}
