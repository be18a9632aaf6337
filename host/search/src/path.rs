//! Operation paths shared between queued states (a persistent linked list).

use std::rc::Rc;

/// The operations from an initial state to some state, sharing prefixes.
#[derive(Debug)]
pub(crate) struct Path<Op> {
    node: Option<Rc<Node<Op>>>,
    len: usize,
}

#[derive(Debug)]
struct Node<Op> {
    op: Op,
    index: usize,
    parent: Option<Rc<Node<Op>>>,
}

impl<Op> Clone for Path<Op> {
    fn clone(&self) -> Self {
        Path {
            node: self.node.clone(),
            len: self.len,
        }
    }
}

impl<Op> Default for Path<Op> {
    fn default() -> Self {
        Path { node: None, len: 0 }
    }
}

impl<Op: Clone> Path<Op> {
    /// This path extended by `op` (the `index`-th operation of its state).
    pub(crate) fn push(&self, op: Op, index: usize) -> Path<Op> {
        Path {
            node: Some(Rc::new(Node {
                op,
                index,
                parent: self.node.clone(),
            })),
            len: self.len + 1,
        }
    }

    /// The operations and their indices, first to last.
    pub(crate) fn unfold(&self) -> (Vec<Op>, Vec<usize>) {
        let mut ops = Vec::with_capacity(self.len);
        let mut indices = Vec::with_capacity(self.len);
        let mut node = self.node.as_ref();
        while let Some(n) = node {
            ops.push(n.op.clone());
            indices.push(n.index);
            node = n.parent.as_ref();
        }
        ops.reverse();
        indices.reverse();
        (ops, indices)
    }
}
