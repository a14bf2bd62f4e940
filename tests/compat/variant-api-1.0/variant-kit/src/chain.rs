//! Chains of sowings that may go round for ever: a move that relays from
//! the hole of its last seed (Tamtam-Apachi, the « 2-4 », Kakua...) is a
//! sequence of states, each decided by the one before. When a state comes
//! back, the chain would loop for ever; [`follow`] finds where, with Brent's
//! cycle finding, remembering no list of states (it allocates nothing);
//! [`follow_at_most`] cuts a chain off after so many steps instead.

/// What one step of a chain leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link<S, E> {
    /// The chain goes on from this state.
    Next(S),
    /// The chain ends here, with what it ended on.
    End(E),
}

/// How a chain followed by [`follow`] came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chain<S, E> {
    /// The chain ended: what its last step returned.
    Ended(E),
    /// The chain loops for ever: the first of its states that comes back
    /// (every state before it happened once, and the chain would go round
    /// from it for ever).
    Loops(S),
}

/// Follows the chain from `start`, calling `step` on each state, until a
/// step ends it or a state comes back.
///
/// `step` must decide the next state from the state alone (the same state
/// always leads to the same next one). Each state is stepped a few times at
/// most (Brent's method: about three times the length of the chain in all).
/// A `step` that ends a chain it had found looping breaks that promise; the
/// end is then returned as it came.
pub fn follow<S, E>(start: S, mut step: impl FnMut(S) -> Link<S, E>) -> Chain<S, E>
where
    S: Copy + PartialEq,
{
    // First phase: the length of the loop, unless the chain ends.
    let mut power = 1_u64;
    let mut length = 1_u64;
    let mut tortoise = start;
    let mut hare = start;
    loop {
        match step(hare) {
            Link::Next(next) => hare = next,
            Link::End(end) => return Chain::Ended(end),
        }
        if hare == tortoise {
            break;
        }
        if power == length {
            tortoise = hare;
            power *= 2;
            length = 0;
        }
        length += 1;
    }
    // Second phase: the first state of the loop, the one met again
    // `length` steps later.
    let mut tortoise = start;
    let mut hare = start;
    for _ in 0..length {
        match step(hare) {
            Link::Next(next) => hare = next,
            Link::End(end) => return Chain::Ended(end),
        }
    }
    while tortoise != hare {
        match (step(tortoise), step(hare)) {
            (Link::Next(t), Link::Next(h)) => {
                tortoise = t;
                hare = h;
            }
            (Link::End(end), _) | (_, Link::End(end)) => return Chain::Ended(end),
        }
    }
    Chain::Loops(tortoise)
}

/// Follows the chain from `start`, calling `step` on each state, for at
/// most `max_steps` steps: [`Link::End`] with what the last step returned if
/// a step ends it, otherwise [`Link::Next`] with the state it was cut off at
/// (for rules that stop a move after so many sowings).
pub fn follow_at_most<S, E>(
    start: S,
    max_steps: u32,
    mut step: impl FnMut(S) -> Link<S, E>,
) -> Link<S, E> {
    let mut state = start;
    for _ in 0..max_steps {
        match step(state) {
            Link::Next(next) => state = next,
            Link::End(end) => return Link::End(end),
        }
    }
    Link::Next(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain on `0..n` following `next`, where `None` ends it.
    fn run(start: usize, next: &[Option<usize>]) -> Chain<usize, usize> {
        follow(start, |state| match next[state] {
            Some(after) => Link::Next(after),
            None => Link::End(state),
        })
    }

    #[test]
    fn a_chain_that_ends_returns_its_end() {
        // 0 -> 1 -> 2, which ends.
        assert_eq!(run(0, &[Some(1), Some(2), None]), Chain::Ended(2));
        assert_eq!(run(2, &[Some(1), Some(2), None]), Chain::Ended(2));
    }

    #[test]
    fn a_looping_chain_returns_the_first_state_that_comes_back() {
        // 0 -> 1 -> 2 -> 3 -> 4 -> 2: the loop starts at 2.
        let next = [Some(1), Some(2), Some(3), Some(4), Some(2)];
        assert_eq!(run(0, &next), Chain::Loops(2));
        // A state that leads to itself loops at once.
        assert_eq!(run(0, &[Some(0)]), Chain::Loops(0));
        // Starting inside the loop: the start comes back first.
        assert_eq!(run(3, &next), Chain::Loops(3));
    }

    #[test]
    fn long_tails_and_loops_are_found_without_remembering_states() {
        // 0 -> 1 -> ... -> 999 -> 700: a tail of 700, a loop of 300.
        let next: Vec<Option<usize>> = (0..1000)
            .map(|state| Some(if state == 999 { 700 } else { state + 1 }))
            .collect();
        let mut steps = 0;
        let chain = follow(0, |state: usize| {
            steps += 1;
            match next[state] {
                Some(after) => Link::Next(after),
                None => Link::End(()),
            }
        });
        assert_eq!(chain, Chain::Loops(700));
        assert!(steps < 4 * 1000, "{steps} steps");
    }

    #[test]
    fn a_chain_followed_at_most_so_many_steps_is_cut_off_there() {
        let next = [Some(1), Some(2), None];
        let step = |state: usize| match next[state] {
            Some(after) => Link::Next(after),
            None => Link::End(state),
        };
        assert_eq!(follow_at_most(0, 5, step), Link::End(2));
        assert_eq!(follow_at_most(0, 3, step), Link::End(2));
        assert_eq!(follow_at_most(0, 2, step), Link::Next(2));
        assert_eq!(follow_at_most(0, 1, step), Link::Next(1));
        assert_eq!(follow_at_most(0, 0, step), Link::Next(0));
        let forever = |state: usize| Link::<usize, ()>::Next(state + 1);
        assert_eq!(follow_at_most(0, 1000, forever), Link::Next(1000));
    }
}
