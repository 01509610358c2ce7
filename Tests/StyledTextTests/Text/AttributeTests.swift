import Foundation
import Testing
@testable import StyledText

extension StyledText.Attribute {
    fileprivate static func story(_ type: Int) -> Self { .tag("story", ["type": String(type)]) }
}

@Suite struct AttributeTests {
    struct EqualityCase: Sendable, CustomTestStringConvertible {
        var lhs: StyledText.Attribute
        var rhs: StyledText.Attribute
        var equal: Bool
        var testDescription: String { "\(lhs) vs \(rhs)" }
    }

    @Test(arguments: [
        EqualityCase(lhs: .tag("b"), rhs: .tag("b"), equal: true),
        EqualityCase(lhs: .tag("b"), rhs: .tag("i"), equal: false),
        EqualityCase(lhs: .tag("a", ["href": "/x"]), rhs: .tag("a", ["href": "/x"]), equal: true),
        EqualityCase(lhs: .tag("a", ["href": "/x"]), rhs: .tag("a", ["href": "/y"]), equal: false),
        EqualityCase(lhs: .tag("a", ["href": "/x"]), rhs: .tag("a", ["src": "/x"]), equal: false),
        EqualityCase(lhs: .tag("a", ["href": "/x"]), rhs: .tag("a"), equal: false),
        EqualityCase(lhs: .tag("a", ["href": "/x"]), rhs: .tag("b", ["href": "/x"]), equal: false),
        EqualityCase(lhs: .tag("a", ["x": "1", "y": "2"]), rhs: .tag("a", ["y": "2", "x": "1"]), equal: true),
        EqualityCase(lhs: .tag("a", ["x": "1", "y": "2"]), rhs: .tag("a", ["x": "1", "y": "3"]), equal: false),
        EqualityCase(lhs: .tag("a", ["x": "1", "y": "2"]), rhs: .tag("a", ["x": "1", "z": "2"]), equal: false),
    ])
    func equalityComparesNameAndEveryParameter(_ test: EqualityCase) {
        #expect((test.lhs == test.rhs) == test.equal)
        #expect((test.rhs == test.lhs) == test.equal)
        if test.equal { #expect(test.lhs.hashValue == test.rhs.hashValue) }
    }

    @Test func namesAreLowercased() {
        #expect(StyledText.Attribute("B") == .tag("b"))
        #expect(StyledText.Attribute("Ünï").name == "ünï")
        // Hashed in the pass that checks the case, or after lowercasing: the same content hash as a name the
        // tokenizer lowercased (equality compares the hashes first).
        let names = [("b", "b"), ("B", "b"), ("Ünï", "ünï"), ("story", "story"), ("x-Y_z.9", "x-y_z.9")]
        for (name, lowercased) in names {
            let made = StyledText.Attribute(lowercasedName: lowercased, parameters: ["type": "1"], action: nil)
            #expect(StyledText.Attribute(name, ["type": "1"]) == made, "\(name)")
            #expect(StyledText.Attribute(name, ["type": "1"]).contentHash == made.contentHash, "\(name)")
        }
    }

    @Test func builtInsAreTheSameValuesAsTags() {
        #expect(StyledText.Attribute.important == .tag("important", ["level": "enough"]))
        #expect(StyledText.Attribute.important(.very) == .tag("important", ["level": "very"]))
        #expect(StyledText.Attribute.important(.enough) == .important)
        #expect(StyledText.Attribute.link(URL(string: "https://example.com")!) == .tag("link", ["href": "https://example.com"]))
        #expect(StyledText.Attribute.tappable(id: "x") {} == .tag("tappable", ["id": "x"]))
    }

    @Test func userVocabularyIsJustStaticMembers() {
        #expect(StyledText.Attribute.story(1) == .tag("story", ["type": "1"]))
        let text: StyledText = "\("a", .story(2))"
        #expect(text.parts == [.text("a", attributes: [.tag("STORY", ["type": "2"])])])
    }

    @Test func parameterAccess() {
        let story = StyledText.Attribute.tag("story", ["type": "2", "weight": "1.5", "flag": ""])
        #expect(story["type"] == "2")
        #expect(story["missing"] == nil)
        #expect(story.parameter("type", as: Int.self) == 2)
        #expect(story.parameter("weight", as: Double.self) == 1.5)
        #expect(story.parameter("weight", as: Int.self) == nil)
        #expect(story.parameter("flag", as: String.self) == "")
        let typed: Int? = story.parameter("type")
        #expect(typed == 2)
    }

    @Test func tappableDefaultIDsAreUnique() {
        let ids = (0..<100).map { _ in StyledText.Attribute.tappable {}["id"] ?? "" }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { !$0.isEmpty })
    }

    @Test func descriptionSortsParametersAndEscapes() {
        #expect(StyledText.Attribute.tag("b").description == "b")
        #expect(StyledText.Attribute.tag("a", ["z": "1", "a": "\u{1B}\n"]).description == #"a(a: "\u{1b}\n", z: "1")"#)
    }

    @Test func equalAttributesHashEqualWhateverTheParameterOrder() {
        var forwards: [String: String] = [:]
        var backwards: [String: String] = [:]
        for index in 0..<20 { forwards["k\(index)"] = "v\(index)" }
        for index in (0..<20).reversed() { backwards["k\(index)"] = "v\(index)" }
        let a: StyledText = "\("x", .tag("A", forwards), .important)"
        let b: StyledText = "\("x", .tag("a", backwards), .important)"
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(StyledText.Attribute.tag("A", forwards).contentHash == StyledText.Attribute.tag("a", backwards).contentHash)
        forwards["k0"] = "other"
        #expect(a != "\("x", .tag("a", forwards), .important)")
        #expect(StyledText.Attribute.tag("a", ["x": "1"]).contentHash != StyledText.Attribute.tag("a", ["x": "2"]).contentHash)
        #expect(StyledText.Attribute.tag("a", ["x": "1"]).contentHash != StyledText.Attribute.tag("b", ["x": "1"]).contentHash)
    }
}
