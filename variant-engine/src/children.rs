//! The children of a node of the alpha-beta search, kept from one node to
//! the next of the same ply: a child's position is copied into the room an
//! earlier node's child left ([`Clone::clone_from`], which a variant may
//! make copy only what its position uses) instead of being built, then
//! moved into the list, as a new value.

/// A list of children whose rooms outlive the node that filled them.
pub(crate) struct Children<C> {
    rooms: Vec<C>,
    len: usize,
}

impl<C> Default for Children<C> {
    /// An empty list, which allocates nothing.
    fn default() -> Self {
        Children {
            rooms: Vec::new(),
            len: 0,
        }
    }
}

impl<C> Children<C> {
    /// Forgets every child, keeping their rooms for the next ones.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// The children kept.
    pub(crate) fn as_slice(&self) -> &[C] {
        &self.rooms[..self.len]
    }

    /// The room of the next child: one an earlier child left, or a new one
    /// that `fresh` makes. It holds a child only once [`Children::keep`]
    /// says so.
    pub(crate) fn room(&mut self, fresh: impl FnOnce() -> C) -> &mut C {
        if self.len == self.rooms.len() {
            self.rooms.push(fresh());
        }
        &mut self.rooms[self.len]
    }

    /// Keeps the child just written into [`Children::room`].
    pub(crate) fn keep(&mut self) {
        self.len = (self.len + 1).min(self.rooms.len());
    }
}
