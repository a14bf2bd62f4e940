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

#[cfg(test)]
mod tests {
    use super::Children;

    /// A room is made once, then refilled by the next nodes; a room not
    /// kept is not a child.
    #[test]
    fn rooms_outlive_the_children_that_filled_them() {
        let mut children = Children::default();
        let mut made = 0;
        for node in 0..3 {
            children.clear();
            for value in 0..2 {
                let room = children.room(|| {
                    made += 1;
                    (0, 0)
                });
                *room = (node, value);
                children.keep();
            }
            children.room(|| {
                made += 1;
                (0, 0)
            });
            assert_eq!(children.as_slice(), [(node, 0), (node, 1)]);
        }
        assert_eq!(made, 3);
    }
}
