//! Allocation the program asks for, within the Java heap limit (`vm.heap_limit`).
//!
//! An array longer than HotSpot allows throws `OutOfMemoryError: Requested array size
//! exceeds VM limit`; an object the heap cannot hold, even after a garbage collection,
//! throws `OutOfMemoryError: Java heap space` — in the program, which may catch it. rpf gets
//! the memory of such objects fallibly, so no program makes rpf itself abort.

use crate::class::ClassId;
use crate::flow::Flow;
use crate::heap::{array_footprint, ObjData};
use crate::machine::Machine;
use crate::thread::Exec;
use crate::value::{ElemKind, Ref};
use crate::vm::Vm;

/// HotSpot's longest array, for every element type (`arrayOopDesc::max_array_length`:
/// `Integer.MAX_VALUE` less the two-word array header).
pub const MAX_ARRAY_LENGTH: usize = i32::MAX as usize - 2;

/// The class of the errors this module throws (internal name).
pub const OUT_OF_MEMORY_ERROR: &str = "java/lang/OutOfMemoryError";

/// Why an allocation the program asked for was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutOfMemory {
    /// The array is longer than [`MAX_ARRAY_LENGTH`].
    ArraySize,
    /// The heap cannot hold the object.
    HeapSpace,
}

impl OutOfMemory {
    /// HotSpot's message for the error.
    pub fn message(self) -> &'static str {
        match self {
            OutOfMemory::ArraySize => "Requested array size exceeds VM limit",
            OutOfMemory::HeapSpace => "Java heap space",
        }
    }
}

impl<M: Machine> Vm<M> {
    /// Makes room for `bytes` more in the Java heap, collecting garbage if the heap limit
    /// would be exceeded. `exec`, the running thread's frames, is a root of that
    /// collection, so call this only where every other reference the VM holds is in the
    /// heap, a thread or `exec`: at an allocating instruction, or in a native whose
    /// arguments are still on `exec`'s stack, before it allocates.
    #[inline(always)]
    pub fn make_room(&mut self, exec: &Exec, bytes: u64) -> Result<(), OutOfMemory> {
        if self.state.heap.bytes().saturating_add(bytes) <= self.opts.heap_limit
            || self.regs.building_out_of_memory
        {
            return Ok(());
        }
        self.collect_for(exec, bytes)
    }

    #[cold]
    fn collect_for(&mut self, exec: &Exec, bytes: u64) -> Result<(), OutOfMemory> {
        self.collect(Some(exec));
        let fits = self.state.heap.bytes().saturating_add(bytes) <= self.opts.heap_limit;
        tracing::debug!(
            bytes,
            heap = self.state.heap.bytes(),
            limit = self.opts.heap_limit,
            fits,
            "heap full: collected garbage"
        );
        if fits {
            Ok(())
        } else {
            Err(OutOfMemory::HeapSpace)
        }
    }

    /// A new zeroed array of `len` elements of `kind` for the program (see
    /// [`make_room`](Self::make_room) for where this may be called).
    pub fn alloc_array(
        &mut self,
        exec: &Exec,
        array_class: ClassId,
        kind: ElemKind,
        len: usize,
    ) -> Result<Ref, OutOfMemory> {
        if len > MAX_ARRAY_LENGTH {
            return Err(OutOfMemory::ArraySize);
        }
        self.make_room(exec, array_footprint(kind, len))?;
        let data = ObjData::new_array(kind, len).ok_or(OutOfMemory::HeapSpace)?;
        Ok(self.alloc(array_class, data))
    }

    /// Throws the program an `OutOfMemoryError` for `oom`.
    pub fn throw_out_of_memory(&mut self, exec: &mut Exec, oom: OutOfMemory) -> Flow {
        self.throw_new(exec, OUT_OF_MEMORY_ERROR, Some(oom.message().to_string()))
    }
}
