//! A search that reports as it goes and stops when asked (since 1.2), for
//! the engine protocol (SPEC §2 « Engine protocol »): the host hands the
//! game object a [`SearchListener`], the plugin's search tells it each
//! iteration completed ([`SearchReport`]: depth, value, principal
//! variation) and asks it, every few thousand positions, whether to stop.
//!
//! Both sides of the listener live here, so that neither the host nor a
//! plugin touches its raw parts: the host wraps any [`SearchObserver`] with
//! [`SearchListener::new`]; the plugin's glue calls it back through
//! [`SearchListener::report`] and [`SearchListener::stopped`]. The types
//! that cross the boundary are frozen for 1.x; nothing here allocates.

use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use abi_stable::StableAbi;

/// The longest principal variation a [`SearchReport`] carries (frozen).
pub const MAX_PV: usize = 32;

/// What a reporting search may do (frozen, since 1.2).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// 1 (initiation) to 4 (grand maître); the engine protocol asks 4.
    pub level: u8,
    /// The time the search may take, in milliseconds; 0: no limit (it
    /// searches until it is told to stop, reaches `max_depth`, or proves
    /// the result).
    pub budget_ms: u32,
    /// The deepest iteration, in plies (decisions); 0: no limit.
    pub max_depth: u32,
    /// The threads it may search on (0 counts as 1).
    pub threads: u32,
    /// The seed of its random choices (ties).
    pub seed: u64,
}

/// How a [`SearchReport`]'s value bounds the true value (frozen: the
/// values 0 to 2; a host reads any other as [`Bound::EXACT`]).
#[repr(transparent)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bound(pub u8);

impl Bound {
    /// The value is the search's value at its depth.
    pub const EXACT: Bound = Bound(0);
    /// The true value is at least this (the search failed high).
    pub const LOWER: Bound = Bound(1);
    /// The true value is at most this (the search failed low).
    pub const UPPER: Bound = Bound(2);
}

/// What a search has found when it completes an iteration (frozen, since 1.2).
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The depth completed, in plies.
    pub depth: u32,
    /// The value for the player to move at the root, in hundredths of a
    /// seed: the final margin (×100) when `proven`, else an estimate.
    pub value: i32,
    /// Whether `value` is a forced result for the game's real history: a
    /// win (`value` > 0), a loss (`value` < 0) or a draw, by that margin at
    /// least.
    pub proven: bool,
    /// How `value` bounds the true value.
    pub bound: Bound,
    /// The positions examined so far.
    pub nodes: u64,
    /// The inputs of the principal variation in `pv[..pv_len]`, the root's
    /// first (its best input).
    pub pv_len: u32,
    /// See `pv_len`.
    pub pv: [u32; MAX_PV],
}

impl SearchReport {
    /// The principal variation: the best input first.
    pub fn pv(&self) -> &[u32] {
        let len = (self.pv_len as usize).min(MAX_PV);
        &self.pv[..len]
    }
}

/// The host's side of a search in progress, as the plugin's search sees it.
///
/// `report` is called on the thread that called the search; `stopped`
/// likewise. Neither may unwind.
pub trait SearchObserver {
    /// An iteration is complete: what it found.
    fn report(&self, report: &SearchReport);
    /// Whether the search should stop now (it then answers with the best
    /// input found so far).
    fn stopped(&self) -> bool;
}

/// A [`SearchObserver`] across the library boundary (frozen, since 1.2):
/// the observer's address and two functions that call it back.
#[repr(C)]
#[derive(StableAbi, Clone, Copy, Debug)]
pub struct SearchListener {
    context: *const c_void,
    report: extern "C" fn(*const c_void, &SearchReport),
    stopped: extern "C" fn(*const c_void) -> bool,
}

impl SearchListener {
    /// A listener that calls `observer` back; it must not outlive it (the
    /// host builds one for one call of the search).
    pub fn new(observer: &&dyn SearchObserver) -> SearchListener {
        SearchListener {
            context: (observer as *const &dyn SearchObserver).cast(),
            report: call_report,
            stopped: call_stopped,
        }
    }

    /// Tells the host what an iteration found.
    pub fn report(&self, report: &SearchReport) {
        (self.report)(self.context, report)
    }

    /// Whether the host asks the search to stop.
    pub fn stopped(&self) -> bool {
        (self.stopped)(self.context)
    }
}

impl SearchObserver for SearchListener {
    fn report(&self, report: &SearchReport) {
        SearchListener::report(self, report)
    }

    fn stopped(&self) -> bool {
        SearchListener::stopped(self)
    }
}

/// The observer behind a listener's context.
///
/// # Safety
///
/// `context` is the address of a `&dyn SearchObserver` that outlives the call.
unsafe fn observer<'a>(context: *const c_void) -> &'a dyn SearchObserver {
    // SAFETY: as the caller promises; `SearchListener::new` made the context.
    unsafe { *context.cast::<&dyn SearchObserver>() }
}

extern "C" fn call_report(context: *const c_void, report: &SearchReport) {
    // SAFETY: the context was made by `SearchListener::new` for this call.
    let observer = unsafe { observer(context) };
    // A panic must not cross the boundary: a report lost is no harm.
    let _ = catch_unwind(AssertUnwindSafe(|| observer.report(report)));
}

extern "C" fn call_stopped(context: *const c_void) -> bool {
    // SAFETY: the context was made by `SearchListener::new` for this call.
    let observer = unsafe { observer(context) };
    catch_unwind(AssertUnwindSafe(|| observer.stopped())).unwrap_or(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    struct Counting {
        reports: Cell<u32>,
        last_depth: Cell<u32>,
        stop: bool,
    }

    impl SearchObserver for Counting {
        fn report(&self, report: &SearchReport) {
            self.reports.set(self.reports.get() + 1);
            self.last_depth.set(report.depth);
        }
        fn stopped(&self) -> bool {
            self.stop
        }
    }

    #[test]
    fn a_listener_calls_its_observer_back() {
        let counting = Counting {
            reports: Cell::new(0),
            last_depth: Cell::new(0),
            stop: true,
        };
        let observer: &dyn SearchObserver = &counting;
        let listener = SearchListener::new(&observer);
        let mut report = SearchReport {
            depth: 7,
            value: -150,
            proven: false,
            bound: Bound::EXACT,
            nodes: 1000,
            pv_len: 2,
            pv: [0; MAX_PV],
        };
        report.pv[..2].copy_from_slice(&[4, 9]);
        listener.report(&report);
        assert_eq!((counting.reports.get(), counting.last_depth.get()), (1, 7));
        assert!(listener.stopped());
        assert_eq!(report.pv(), &[4, 9]);
    }

    #[test]
    fn a_panicking_observer_asks_to_stop_and_does_not_unwind() {
        struct Panicking;
        impl SearchObserver for Panicking {
            fn report(&self, _: &SearchReport) {
                panic!("report");
            }
            fn stopped(&self) -> bool {
                panic!("stopped");
            }
        }
        let observer: &dyn SearchObserver = &Panicking;
        let listener = SearchListener::new(&observer);
        let report = SearchReport {
            depth: 1,
            value: 0,
            proven: false,
            bound: Bound::EXACT,
            nodes: 1,
            pv_len: 40,
            pv: [0; MAX_PV],
        };
        listener.report(&report);
        assert!(listener.stopped());
        assert_eq!(
            report.pv().len(),
            MAX_PV,
            "a length beyond the array is cut"
        );
    }
}
