import Foundation
@testable import StyledText
import Testing

/// Tags of an app's own vocabulary marked where their blocks begin (`Options.blockTagNames`), as HTML's blocks are.
@Suite struct BlockTagNamesTests {
    typealias Options = StyledText.Template.Options

    static let steps = Options(blockTagNames: ["step"])
    static let template = "<step>Mix</step><step>Bake</step>"
    static let resolver = StyleResolver().block("step") { _, step in "Step \(step.index): " }

    @Test func listedNamesMarkTheirStartTags() {
        #expect(StyledText(template: Self.template).parts == [.text("MixBake", attributes: [.tag("step")])])
        #expect(StyledText(template: Self.template, options: Self.steps).parts == [
            .element(.tag("step"), attributes: []), .text("Mix", attributes: [.tag("step")]),
            .element(.tag("step"), attributes: []), .text("Bake", attributes: [.tag("step")]),
        ])
        // Inside other tags, the mark has their attributes, as a `<li>`'s has; the text is the template's.
        let nested = StyledText(template: "<b>a<step x='1'>b</step></b>", options: Self.steps)
        #expect(nested.parts == [
            .text("a", attributes: [.tag("b")]), .element(.tag("step", ["x": "1"]), attributes: [.tag("b")]),
            .text("b", attributes: [.tag("b"), .tag("step", ["x": "1"])]),
        ])
        #expect(nested.plainText == "ab")
        #expect(StyledText(template: Self.template, options: Self.steps).plainText == "MixBake")
        #expect(StyledText.plainText(ofTemplate: Self.template, options: Self.steps) == "MixBake")
    }

    /// Names compare lowercased, given in any case and written in any case; a self-closing tag stays one element,
    /// and names not listed do not mark.
    @Test func namesCompareLowercasedAndOnlyListedOnesMark() {
        let options = Options(blockTagNames: ["Step"])
        #expect(options.blockTagNames == ["step"])
        let parts = StyledText(template: "<STEP>a</STEP><Step>b</Step><x>c</x><x>d</x><step/>", options: options).parts
        #expect(parts == [
            .element(.tag("step"), attributes: []), .text("a", attributes: [.tag("step")]),
            .element(.tag("step"), attributes: []), .text("b", attributes: [.tag("step")]),
            .text("cd", attributes: [.tag("x")]), .element(.tag("step"), attributes: []),
        ])
    }

    /// Block tag names name tags, as known tag names do: left unclosed, such a tag stays open to the end, in the
    /// parse and in the plain text's scan, where an unknown name without parameters is prose.
    @Test func unclosedTagsOfListedNamesStayOpen() {
        let template = "a <step>b <Other>c"
        #expect(StyledText(template: template).plainText == "a <step>b <Other>c")
        let parts = StyledText(template: template, options: Self.steps).parts
        #expect(parts == [
            .text("a ", attributes: []), .element(.tag("step"), attributes: []),
            .text("b <Other>c", attributes: [.tag("step")]),
        ])
        #expect(StyledText.plainText(ofTemplate: template, options: Self.steps) == "a b <Other>c")
        var known = Self.steps
        known.knownTagNames = ["other"]
        #expect(StyledText.plainText(ofTemplate: template, options: known) == "a b c")
        #expect(StyledText(template: template, options: known).plainText == "a b c")
        // A tag of such a name ended by an implied end opens again in the next item, and is marked there too.
        #expect(StyledText(template: "<li><step>a<li>b", options: Self.steps).parts == [
            .element(.tag("li"), attributes: []), .element(.tag("step"), attributes: [.tag("li")]),
            .text("a", attributes: [.tag("li"), .tag("step")]),
            .element(.tag("li"), attributes: []), .element(.tag("step"), attributes: [.tag("li")]),
            .text("b", attributes: [.tag("li"), .tag("step")]),
        ])
        #expect(Self.resolver.runs(forTemplate: "<step>Mix<step>Bake").map(\.text).joined()
            == "Step 1: Mix\nStep 1: Bake")
    }

    @Test func optionsCompareAndHashByTheLowercasedNames() {
        #expect(Options(blockTagNames: ["Step"]) == Self.steps)
        #expect(Options(blockTagNames: ["Step"]).hashValue == Self.steps.hashValue)
        #expect(Options(blockTagNames: []) == Options())
        #expect(Options(blockTagNames: []).hashValue == Options().hashValue)
        #expect(Self.steps != Options())
        var emptied = Self.steps
        emptied.blockTagNames.remove("step")
        #expect(emptied == Options() && emptied.blockTagNames.isEmpty)
    }

    @Test func resolversLayOutEachMarkedBlock() {
        let marked = StyledText(template: Self.template, options: Self.steps)
        #expect(Self.resolver.runs(for: marked).map(\.text).joined() == "Step 1: Mix\nStep 2: Bake")
        // Unmarked, the two are one text part and one block: what the option is for.
        #expect(Self.resolver.runs(for: StyledText(template: Self.template)).map(\.text).joined() == "Step 1: MixBake")
    }

    /// `runs(forTemplate:)` marks the names its resolver lays out, block or prefix, along with the options' own.
    @Test func runsForTemplateMarkWhatTheResolverLaysOut() {
        #expect(Self.resolver.runs(forTemplate: Self.template).map(\.text).joined() == "Step 1: Mix\nStep 2: Bake")
        #expect(Self.resolver.runs(forTemplate: Self.template)
            == Self.resolver.runs(for: StyledText(template: Self.template, options: Self.steps)))
        let notes = StyleResolver().prefix("note") { _, note in "[\(note.index)]" }
        #expect(notes.runs(forTemplate: "<note>a</note><note>b</note>").map(\.text).joined() == "[1]a[2]b")
        // Names the options list besides the resolver's mark too, with the options' other fields kept: nested
        // past the depth of 1, `<b>` is text, and its end tag, closing nothing, is dropped.
        var options = Options(maximumDepth: 1)
        options.blockTagNames = ["note"]
        let both = Self.resolver.prefix("note") { _, note in "[\(note.index)]" }
        #expect(both.runs(forTemplate: "<note>a</note><note>b</note><step>c<b>d</b></step>", options: options)
            .map(\.text).joined() == "[1]a[2]b\nStep 1: c<b>d")
        // Names a template marks by itself (HTML's blocks) or that are elements themselves (void `hr`) are not
        // added: `StyleResolver.html` adds none, so its templates stay in the one pass.
        #expect(StyleResolver.html.layoutRules?.ownBlockTagNames == [])
        #expect(StyleResolver().block("p", "hr", "Step").prefix("td", "note") { _, _ in nil }
            .layoutRules?.ownBlockTagNames == ["step", "note"])
        // A resolver without layout rules resolves the text as it is.
        let plain = StyleResolver()
        #expect(plain.runs(forTemplate: Self.template, options: Self.steps)
            == plain.runs(for: StyledText(template: Self.template, options: Self.steps)))
    }

    /// A parsed template keeps its marks through every fill, as the template read at once has them.
    @Test func parsedTemplatesFillWithTheirMarks() {
        let source = "<step>%@</step><step><i>%@</i></step>"
        let template = StyledText.Template(source, options: Self.steps)
        let filled = template.filled(with: ["Mix", "Bake"])
        #expect(filled == StyledText(template: source, arguments: ["Mix", "Bake"], options: Self.steps))
        #expect(filled.parts.filter { if case .element = $0 { true } else { false } }.count == 2)
        #expect(Self.resolver.runs(for: filled).map(\.text).joined() == "Step 1: Mix\nStep 2: Bake")
        #expect(Self.resolver.runs(for: template.filled(with: ["Stir", StyledText("Rest", attributes: [.important])]))
            .map(\.text).joined() == "Step 1: Stir\nStep 2: Rest")
    }
}
