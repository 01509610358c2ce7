/// Placeholder replaced by the part model.
public struct StyledText: Sendable {}
