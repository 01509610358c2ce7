import Testing
@testable import StyledText

@Suite struct SmokeTests {
    @Test func hexStringRoundsComponents() {
        #expect(MarkupStyleColor(red: 1, green: 0.5, blue: 0).hexString == "#ff8000")
    }
}
