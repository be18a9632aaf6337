//! Off-heap memory for `Unsafe.allocateMemory` (direct byte buffers and the JDK's native
//! buffers for file-system calls): blocks addressed by a fake, never-dereferenced address.

use std::collections::BTreeMap;

/// Allocated blocks by base address.
#[derive(Debug, Clone, Default)]
pub struct NativeMemory {
    blocks: std::rc::Rc<BTreeMap<u64, Vec<u8>>>,
    next: u64,
}

impl NativeMemory {
    /// Allocates `size` zeroed bytes and returns their address (16-byte aligned, never 0).
    pub fn allocate(&mut self, size: usize) -> u64 {
        if self.next == 0 {
            self.next = 0x1000_0000;
        }
        let address = self.next;
        self.next += (size as u64).div_ceil(16).max(1) * 16 + 16;
        std::rc::Rc::make_mut(&mut self.blocks).insert(address, vec![0; size]);
        address
    }

    /// Frees the block at `address`.
    pub fn free(&mut self, address: u64) {
        std::rc::Rc::make_mut(&mut self.blocks).remove(&address);
    }

    /// Resizes the block at `address` (0 allocates), returning its new address.
    pub fn reallocate(&mut self, address: u64, size: usize) -> u64 {
        let old = std::rc::Rc::make_mut(&mut self.blocks)
            .remove(&address)
            .unwrap_or_default();
        let new = self.allocate(size);
        if let Some(block) = std::rc::Rc::make_mut(&mut self.blocks).get_mut(&new) {
            let n = old.len().min(size);
            block[..n].copy_from_slice(&old[..n]);
        }
        new
    }

    fn locate(&self, address: u64) -> Option<(u64, usize)> {
        let (&base, block) = self.blocks.range(..=address).next_back()?;
        let offset = (address - base) as usize;
        (offset < block.len()).then_some((base, offset))
    }

    /// The byte at `address`, or `None` outside every block.
    pub fn read(&self, address: u64) -> Option<u8> {
        let (base, offset) = self.locate(address)?;
        self.blocks.get(&base).map(|b| b[offset])
    }

    /// Writes the byte at `address`; false outside every block.
    pub fn write(&mut self, address: u64, byte: u8) -> bool {
        let Some((base, offset)) = self.locate(address) else {
            return false;
        };
        match std::rc::Rc::make_mut(&mut self.blocks).get_mut(&base) {
            Some(b) => {
                b[offset] = byte;
                true
            }
            None => false,
        }
    }

    /// Copies `len` bytes starting at `address` out of native memory.
    pub fn read_bytes(&self, address: u64, len: usize) -> Option<Vec<u8>> {
        (0..len as u64).map(|k| self.read(address + k)).collect()
    }

    /// Copies `bytes` into native memory at `address`.
    pub fn write_bytes(&mut self, address: u64, bytes: &[u8]) -> bool {
        bytes
            .iter()
            .enumerate()
            .all(|(k, &b)| self.write(address + k as u64, b))
    }

    /// Whether nothing was ever allocated.
    pub fn is_empty(&self) -> bool {
        self.next == 0
    }

    /// Whether `other` is this memory, unchanged (a cheap test: shared storage).
    pub fn same(&self, other: &NativeMemory) -> bool {
        std::rc::Rc::ptr_eq(&self.blocks, &other.blocks) && self.next == other.next
    }

    /// Passes the content to `word` for a fingerprint: the blocks with their addresses
    /// (which the program holds as plain numbers) and the next address to be handed out.
    pub fn hash_into(&self, word: &mut dyn FnMut(u64)) {
        word(self.next);
        for (&address, block) in self.blocks.iter() {
            word(address);
            crate::hash::bytes_into(block, word);
        }
    }

    /// The NUL-terminated string at `address` (a path from the JDK's NativeBuffer).
    pub fn c_string(&self, address: u64) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        for k in 0..4096u64 {
            match self.read(address + k)? {
                0 => return Some(out),
                b => out.push(b),
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocate_read_write_reallocate() {
        let mut m = NativeMemory::default();
        let a = m.allocate(8);
        assert!(m.write_bytes(a, b"hi\0"));
        assert_eq!(m.c_string(a).unwrap(), b"hi");
        assert_eq!(m.read(a + 8), None);
        let b = m.reallocate(a, 16);
        assert_eq!(m.read_bytes(b, 2).unwrap(), b"hi");
        assert_eq!(m.read(a), None);
        m.free(b);
        assert_eq!(m.read(b), None);
    }
}
