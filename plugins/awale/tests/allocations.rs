//! The machine path allocates nothing (issue 6): whose decision, the
//! accepted inputs and play, through the stable ABI as `host --bench` and a
//! search use them, counted by a global allocator on the test's own thread
//! (the test runner's threads allocate as they please).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use awale::Awale;
use variant_kit::rng::SplitMix;
use variant_kit::{glue, Inputs, Player, Plugin, Turn};

/// Counts the allocations of the threads that ask for it.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    static COUNTED: Cell<bool> = const { Cell::new(false) };
}

fn count() {
    if COUNTED.try_with(Cell::get).unwrap_or(false) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

#[test]
fn random_games_through_the_abi_allocate_nothing_per_decision() {
    let plugin = Plugin::from_module(glue::module::<Awale>()).expect("awale describes itself");
    let mut rng = SplitMix::new(6);
    let mut inputs = Inputs::new();
    let (mut decisions, mut allocations) = (0u64, 0u64);
    for number in 0..300 {
        let settings = [("capture".to_owned(), "backward".to_owned())];
        let mut game = plugin
            .new_game(&settings, Player((number % 2) as u8))
            .expect("a new game");
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        COUNTED.with(|counted| counted.set(true));
        while let Turn::Decide { .. } = game.turn().expect("turn") {
            game.legal_inputs(&mut inputs).expect("inputs");
            let choice = inputs.as_slice()[rng.below(inputs.len() as u64) as usize];
            game.play(choice).expect("an accepted input");
            decisions += 1;
        }
        COUNTED.with(|counted| counted.set(false));
        allocations += ALLOCATIONS.load(Ordering::Relaxed) - before;
    }
    println!("{allocations} allocations in {decisions} decisions");
    assert_eq!(allocations, 0, "in {decisions} decisions");
}
