import Foundation
import Testing
@testable import StyledText

/// Runs `body` on a thread with a small stack, so that recursion proportional to input overflows it.
func onSmallStack(_ size: Int = 512 * 1024, _ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = size
    thread.start()
    done.wait()
}

@Suite struct DeepNestingTests {
    @Test func deepStacksCompareHashAndReleaseWithoutRecursion() {
        onSmallStack {
            var stack = AttributeStack.empty
            for index in 0..<100_000 { stack = stack.pushing(.tag("t\(index % 7)")) }
            var other = AttributeStack.empty
            for index in 0..<100_000 { other = other.pushing(.tag("t\(index % 7)")) }
            let equal = stack == other
            let hashesEqual = stack.hashValue == other.hashValue
            let depth = stack.depth
            stack = .empty
            other = .empty
            precondition(equal && hashesEqual && depth == 100_000)
        }
    }

    @Test func deepNestingResolvesRendersAndReleases() {
        onSmallStack {
            var text: StyledText = "\("core", .important)"
            for _ in 0..<500 { text = "(\(text, .tag("b")))" }
            let deep = text.applying(Array(repeating: .tag("i"), count: 100_000))
            let runs = StyleResolver().style("b", MarkupStyle(font: .init(weight: .bold))).runs(for: deep)
            let attributed = AttributedString(runs: runs)
            precondition(runs.count == 1001 && runs[500].attributes.count == 100_501)
            precondition(attributed.runs.count == 1001)
        }
    }
}
