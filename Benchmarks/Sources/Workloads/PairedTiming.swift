import Foundation

/// Which side of a pairing goes first: the other, each sample.
private final class Turn: @unchecked Sendable {
    var subjectFirst = true
}
private let turn = Turn()

/// The nanoseconds `subject` and `other` take on `work`, each timed right after an untimed pass of its own on
/// `warmUp`; the two in alternating order. For benchmarks that record a ratio measured within one sample: the
/// paired ratios (StyledText against a baseline or floor) and the adversarial doublings (a size against its double).
public func timedInTurn<Work>(on work: Work, after warmUp: Work, _ subject: (Work) -> Void,
                              and other: (Work) -> Void) -> (Int, Int) {
    turn.subjectFirst.toggle()
    if turn.subjectFirst {
        let first = timed(on: work, after: warmUp, subject)
        return (first, timed(on: work, after: warmUp, other))
    }
    let second = timed(on: work, after: warmUp, other)
    return (timed(on: work, after: warmUp, subject), second)
}

/// The nanoseconds `body` takes on `work` right after an untimed pass on `warmUp`, at least 1.
@inline(never)
public func timed<Work>(on work: Work, after warmUp: Work, _ body: (Work) -> Void) -> Int {
    body(warmUp)
    let start = DispatchTime.now().uptimeNanoseconds
    body(work)
    return max(1, Int(DispatchTime.now().uptimeNanoseconds - start))
}
