//! An append-only log that belongs to one execution path. Listeners keep it in a
//! [`rpf_plugin_api::PathLocal`], which copies the path's data at every state: sharing the
//! entries makes that copy constant-time however long the path is.

use std::sync::Arc;

struct Node<T> {
    entry: T,
    previous: Option<Arc<Node<T>>>,
}

/// The entries logged along the current path, oldest first.
pub struct Log<T> {
    last: Option<Arc<Node<T>>>,
    len: usize,
}

impl<T> Default for Log<T> {
    fn default() -> Self {
        Log { last: None, len: 0 }
    }
}

impl<T> Clone for Log<T> {
    fn clone(&self) -> Self {
        Log {
            last: self.last.clone(),
            len: self.len,
        }
    }
}

impl<T> std::fmt::Debug for Log<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Log({} entries)", self.len)
    }
}

impl<T: Clone> Log<T> {
    /// Appends an entry.
    pub fn push(&mut self, entry: T) {
        let previous = self.last.take();
        self.last = Some(Arc::new(Node { entry, previous }));
        self.len += 1;
    }

    /// The entries, oldest first.
    pub fn entries(&self) -> Vec<T> {
        let mut out = Vec::with_capacity(self.len);
        let mut at = self.last.as_deref();
        while let Some(node) = at {
            out.push(node.entry.clone());
            at = node.previous.as_deref();
        }
        out.reverse();
        out
    }
}

impl<T> Drop for Log<T> {
    /// Frees the nodes this log alone holds one by one: dropping a long chain recursively
    /// would overflow the stack.
    fn drop(&mut self) {
        let mut at = self.last.take();
        while let Some(node) = at {
            match Arc::try_unwrap(node) {
                Ok(mut node) => at = node.previous.take(),
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Log;

    #[test]
    fn copies_share_the_past_and_diverge_after() {
        let mut a = Log::default();
        a.push(1);
        a.push(2);
        let mut b = a.clone();
        a.push(3);
        b.push(4);
        assert_eq!(a.entries(), vec![1, 2, 3]);
        assert_eq!(b.entries(), vec![1, 2, 4]);
    }

    #[test]
    fn a_long_log_drops_without_recursion() {
        let mut log = Log::default();
        for i in 0..1_000_000 {
            log.push(i);
        }
        drop(log);
    }
}
