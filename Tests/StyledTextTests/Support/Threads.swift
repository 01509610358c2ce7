#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs `body` on a thread of its own and returns once the thread has ended (`pthread_join`), its thread-specific
/// values destroyed.
func onJoinedThread(_ body: @escaping @Sendable () -> Void) {
    final class Context {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
    let context = Unmanaged.passRetained(Context(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let created = pthread_create(&thread, nil, { context in
        let pointer: UnsafeMutableRawPointer? = context
        Unmanaged<Context>.fromOpaque(pointer!).takeRetainedValue().body()
        return nil
    }, context)
    precondition(created == 0, "pthread_create failed")
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
}

/// `body`'s result, made on a thread of its own (see ``onJoinedThread(_:)``): for a test of nodes shared between
/// texts made one after the other, through the thread's node table.
///
/// The table is dropped after a text once it holds more than `TemplateScratch.retainedNodes` nodes, and a test's
/// thread runs other tests, which fill it. On that thread, the text after the drop makes new nodes, equal to the
/// ones before but not the same, and a test of identity fails one run in many. A thread of its own starts with an
/// empty table, which the test's few nodes cannot fill.
func onFreshThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let outcome = Outcome<Result>()
    onJoinedThread { outcome.value = body() }
    return outcome.value!
}

/// A value made on one thread and read on another.
private final class Outcome<Value>: @unchecked Sendable {
    // @unchecked: written on a thread, read only once that thread has been joined.
    var value: Value?
}
