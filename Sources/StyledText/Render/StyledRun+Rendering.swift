/// How the HTML and ANSI writers read runs: in place, through a pointer into the array.
///
/// A `StyledRun` value — from `for run in runs`, or even a borrowed one — is copied whole, and its content is large
/// enough that copying it goes through its value witness: a few hundred instructions a run, more than escaping
/// its text. Read through a pointer, a run costs the retain of its text.
extension UnsafePointer<StyledRun> {
    /// The run's text; `nil` for an image.
    var text: Substring? {
        Self.text(of: pointee.content)
    }

    /// The text out of a content passed as an argument: matching `pointee.content` where it is read copies the
    /// whole content first, while an argument is matched where it lies.
    @inline(never)
    private static func text(of content: StyledRun.Content) -> Substring? {
        if case let .text(text) = content { return text }
        return nil
    }
}
