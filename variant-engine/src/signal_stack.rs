//! An alternate signal stack for each search thread the engine starts.
//!
//! A host catches a plugin's crash with a signal handler run on an
//! alternate stack (`sigaltstack(2)`), so that it runs even when the crash
//! is a stack overflow, whose guard page leaves no stack to run it on. The
//! kernel keeps one alternate stack a thread, and only the threads a
//! program's own runtime starts get one: the threads the engine starts
//! here run the plugin's copy of the standard library, which never set its
//! runtime up (a library has no `main`), so they would have none, and a
//! stack overflow there would end the process before any handler could say
//! a word (issue 35). [`SignalStack::install`] gives the calling thread one
//! for as long as it lives; it costs a 64 KiB allocation and two system
//! calls a thread, once a search.

/// The size of the alternate stack: the handler of a host writes a line or
/// two with system calls alone, far less than this.
#[cfg(unix)]
const SIZE: usize = 64 << 10;

/// The calling thread's alternate signal stack, removed when dropped.
#[derive(Debug)]
pub(crate) struct SignalStack {
    /// The stack's memory, owned while it is installed.
    #[cfg(unix)]
    memory: Box<[u8]>,
}

impl SignalStack {
    /// Installs an alternate signal stack for the calling thread, unless it
    /// has one already (then `None`, and nothing changes).
    #[cfg(unix)]
    pub(crate) fn install() -> Option<SignalStack> {
        let mut current = std::mem::MaybeUninit::<libc::stack_t>::zeroed();
        // SAFETY: a null new stack only reads the current one into `current`.
        if unsafe { libc::sigaltstack(std::ptr::null(), current.as_mut_ptr()) } != 0 {
            return None;
        }
        // SAFETY: `sigaltstack` succeeded and filled `current`.
        let current = unsafe { current.assume_init() };
        if current.ss_flags & libc::SS_DISABLE == 0 {
            return None;
        }
        let mut memory = vec![0u8; SIZE].into_boxed_slice();
        let stack = libc::stack_t {
            ss_sp: memory.as_mut_ptr().cast(),
            ss_flags: 0,
            ss_size: memory.len(),
        };
        // SAFETY: `memory` stays allocated until the stack is removed (`drop`).
        if unsafe { libc::sigaltstack(&stack, std::ptr::null_mut()) } != 0 {
            return None;
        }
        Some(SignalStack { memory })
    }

    /// Elsewhere there are no signals to run on another stack.
    #[cfg(not(unix))]
    pub(crate) fn install() -> Option<SignalStack> {
        None
    }
}

#[cfg(unix)]
impl Drop for SignalStack {
    fn drop(&mut self) {
        let disabled = libc::stack_t {
            ss_sp: std::ptr::null_mut(),
            ss_flags: libc::SS_DISABLE,
            ss_size: 0,
        };
        // SAFETY: removes this thread's alternate stack before its memory is
        // freed; a handler cannot be running on it (the thread is here).
        let removed = unsafe { libc::sigaltstack(&disabled, std::ptr::null_mut()) } == 0;
        if !removed {
            // Still the thread's stack: its memory must outlive the thread.
            std::mem::forget(std::mem::take(&mut self.memory));
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// Whether the calling thread has an alternate signal stack.
    fn has_one() -> bool {
        let mut current = std::mem::MaybeUninit::<libc::stack_t>::zeroed();
        // SAFETY: a null new stack only reads the current one.
        let read = unsafe { libc::sigaltstack(std::ptr::null(), current.as_mut_ptr()) };
        assert_eq!(read, 0);
        // SAFETY: filled by `sigaltstack`.
        unsafe { current.assume_init() }.ss_flags & libc::SS_DISABLE == 0
    }

    #[test]
    fn a_thread_without_a_stack_gets_one_and_loses_it_when_done() {
        std::thread::spawn(|| {
            // A test program's own threads get one from its runtime, which a
            // plugin's threads lack: take it away first.
            let disabled = libc::stack_t {
                ss_sp: std::ptr::null_mut(),
                ss_flags: libc::SS_DISABLE,
                ss_size: 0,
            };
            // SAFETY: removes this thread's stack; the runtime frees its
            // memory when the thread ends, as it would anyway.
            assert_eq!(
                unsafe { libc::sigaltstack(&disabled, std::ptr::null_mut()) },
                0
            );
            assert!(!has_one());
            let stack = SignalStack::install().expect("a stack");
            assert!(has_one());
            assert!(SignalStack::install().is_none(), "one a thread");
            drop(stack);
            assert!(!has_one(), "removed");
        })
        .join()
        .expect("the thread ends");
    }
}
