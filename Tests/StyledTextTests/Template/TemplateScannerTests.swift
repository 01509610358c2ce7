import Testing
@testable import StyledText

/// The one-pass scan agrees with the parser on every input: `StyledText.plainText(ofTemplate:options:)` with the
/// parsed text's plain text, and `StyledText(template:arguments:options:)`, which the scan builds when it can, with
/// the parsed text itself. On the grammar table, hand-picked repairs, and random tag soups from a seeded generator.
///
/// The parser's side is a ``StyledText/Template``, which never takes the one pass.
@Suite struct TemplateScannerTests {
    /// Arguments the one pass inserts: tag-, reference- and placeholder-shaped text, which stays text.
    static let arguments: [any StyledTextArgument] = ["<i>a</i>&amp;%@", "", "b"]

    /// Expects the plain-text scan, and the one-pass build with and without ``arguments``, to agree with the parser.
    static func expectAgreement(_ input: String, options: StyledText.Template.Options = .init(),
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let template = StyledText.Template(input, options: options)
        #expect(StyledText.plainText(ofTemplate: input, options: options) == template.filled(with: []).plainText,
                "plain text of \(input.debugDescription)", sourceLocation: sourceLocation)
        for arguments in [[], Self.arguments] {
            #expect(StyledText(template: input, arguments: arguments, options: options) == template.filled(with: arguments),
                    "\(input.debugDescription) with \(arguments.count) arguments", sourceLocation: sourceLocation)
        }
    }

    /// The plain-text scan of `bytes`, the UTF-8 of `source`, with the default options and a memo of its own.
    static func plainScan(of bytes: UnsafeBufferPointer<UInt8>, source: String,
                          streamingChunk: Int = UTF8Buffer.streamingChunk) -> String? {
        let options = StyledText.Template.Options()
        let references = CharacterReferenceMemo()
        // The scanner keeps the memo's slots, not the memo: it must live until the scan is done.
        return withExtendedLifetime(references) {
            TemplateScanner.scan(bytes, of: source, maximumDepth: options.maximumDepth,
                                 knownTagNames: options.ownKnownTagNames, references: references, rooms: nil,
                                 streamingChunk: streamingChunk)
        }
    }

    @Test(arguments: TemplateGrammarTests.cases)
    func agreesOnTheGrammarTable(_ testCase: TemplateGrammarTests.Case) {
        Self.expectAgreement(testCase.input)
    }

    @Test func example() {
        #expect(StyledText.plainText(ofTemplate: "Hi <b>%@</b> &amp; <Hottest> deals<!-- note -->, 100%%")
            == "Hi %@ & <Hottest> deals, 100%")
    }

    @Test(arguments: [
        "Hi <Hottest> deals <b>x</b>",
        "<x>a<b>b</b>c",
        "<x><y a=1>z",
        "<x>1<y>2</x>3",
        "a<x>b</x>c<x>d",
        "&am<!---->p; &amp%%; &a<b>mp;</b>",
        "%01$@ %1$@ %2$lld %% %5 %",
        "<a href='%@'>x</a> %@",
        "<B>x<I>y",
        "<story>unclosed &lt;",
        "<p><story>a</p>b",
        "<br><x/><y>",
        "%%%%x %%%y &amp;%%&lt; %%@",
        "<b>5%%</b>%%&amp%%%%amp;",
        "%0%", "%00$@", "%01$%@", "%0.2f%%", "%-05d<b>x</b>", "%'d&amp;", "%1$@%%%2$@", "% d%%", "%%0", "%0",
        "%01$@<b>%02$@</b>%@%010$lld", "%0<b>1$@</b>", "%0&amp;1$@", "%1$<b>@</b>", "%.<i>2f</i>",
        // End tags with nothing open, read from their 8 bytes when they fit: stray, dropped.
        "</b>x", "a</span>b</a-b.c>c</b1:_>d", "</b >x</b/>y</é>z</b", "</abcdef>x</abcdefg>y", "</1>x</>y</ b>z",
        "<b>x</b></b></i>y", "</b>",
        // `&` before what cannot start a reference, and runs of `%%`, each read in one step.
        "a&&b& c&", "&&&&&&&&&&&amp;&&", "&#&x&;&-&é", "%%%%%%%x%%%%%", "%%%%<b>%%%%%%</b>%%%", "%%%@%%%%%1$@",
    ])
    func agreesOnRepairs(_ input: String) {
        Self.expectAgreement(input)
    }

    @Test func theScanLeavesOnlyEndTagsDeepInTheStackToTheParser() {
        func scanned(_ input: String) -> String? {
            var input = input
            input.makeContiguousUTF8()
            return input.utf8.withContiguousStorageIfAvailable { bytes in
                Self.plainScan(of: bytes, source: input)
            } ?? nil
        }
        // Decided by the scan alone, as the parser decides: nesting, stray end tags, tags left open, comments,
        // references, escapes, placeholders, and misnested end tags, which keep the tags opened inside them open
        // (an unknown one left open to the end is text again, where it stood), or, past 8 of them, close them too.
        let nine = (1...9).map { "<t\($0)>" }.joined()
        for input in ["Hi <b>%@</b> &amp; <Hottest> deals<!-- note -->, 100%%", "a</b>c<b>d</b>e", "<b><i>x</i></b>",
                      "<x>1<y a=1>2", "<a href='%@'>x</a> %01$@ %2$d", "<B>x</b>&lt;<br/><br>y<!DOCTYPE z><?p?>",
                      "<b><i>x</b></i>", "<x><b>a</x>b", "<b><x>a</b>c", "<a>" + nine + "x</a>y</t1>z",
                      "<a>" + nine.dropLast(5) + "x</A>y</t1>z"] {
            #expect(scanned(input) != nil, "\(input)")
            #expect(scanned(input) == StyledText.Template(input).filled(with: []).plainText, "\(input)")
        }
        // An end tag that is not the innermost is looked for through the innermost 16 open tags, and then below
        // them: found, it closes every tag it passed; not found, it is stray, and the searches of such end tags
        // below the innermost 16 may pass 4,096 open tags in all before the parser decides, with its counts per
        // name.
        let shallow = String(repeating: "<b>", count: 16) + "</i>x"
        #expect(scanned(shallow) == "x")
        #expect(scanned("<i>" + shallow.dropFirst(3)) == "x", "found 16 deep, closing 15 opened inside it")
        #expect(scanned("<i>" + shallow) == "x", "found 17 deep, closing all 17")
        let deep = String(repeating: "<b>", count: 1_016)
        #expect(scanned(deep + String(repeating: "</z>", count: 4) + "x") == "x", "4 × 1,000 passed below the 16")
        #expect(scanned(deep + String(repeating: "</z>", count: 5) + "x") == nil)
        #expect(StyledText.plainText(ofTemplate: deep + String(repeating: "</z>", count: 5) + "x") == "x")
        // The plain text's scan keeps open the tags an implied end closes (`<li>` after `<li>`), so with a name
        // whose end may be implied anywhere in the template, the parser decides an end tag deep in the stack.
        let underAnItem = "<li><i>" + shallow.dropLast(5) + "x</i>y"
        #expect(scanned(underAnItem) == nil)
        #expect(StyledText.plainText(ofTemplate: underAnItem) == "xy")
        #expect(scanned(String(underAnItem.dropFirst(4))) == "xy", "without the item, the scan closes it")
    }

    @Test func endTagsDeepInTheStackAgreeWithTheParser() {
        // `<t0>…<t1999>x</t0>y</t1>y…`: the first end tag closes the 1,024 open tags (the rest were too deep, and are
        // text), the others are stray with nothing open.
        let names = (0..<2_000).map { "t\($0)" }
        let reverseClosed = names.map { "<\($0)>" }.joined() + "x" + names.map { "</\($0)>y" }.joined()
        let deep = String(repeating: "<b>", count: 40)
        let cases = [
            reverseClosed + reverseClosed,
            deep + "<i>" + deep + "x</i>y</b>z",
            "<i k='1'>" + deep + "x</I>y",
            deep + String(repeating: "</z>x", count: 200) + "</b>y",
            String(repeating: "<div>", count: 30) + "<li>a" + String(repeating: "<span>", count: 20) + "b</li>c</div>",
            String(repeating: "<ul><li>", count: 20) + "x</ul>y" + String(repeating: "</li></ul>", count: 20),
            "<p>" + deep + "x</p>y",
            "<Hottest>" + deep + "x</Hottest>y<Hottest>z",
        ]
        for input in cases {
            Self.expectAgreement(input)
        }
        #expect(StyledTextSink.build(reverseClosed, arguments: [], options: .init()) != nil, "built in one pass")
        #expect(StyledTextSink.build(cases[1], arguments: [], options: .init()) != nil, "built in one pass")
        var generator = SeededGenerator(seed: 11)
        let opens = ["<b>", "<i>", "<x>", "<y a=1>", "<Z>", "<story type=1>", "<li>", "<p>", "<div>", "<Hottest>"]
        let fragments = TemplatePropertyTests.fragments + ["</x>", "</y>", "</Z>", "</z>", "</li>", "</p>", "</div>",
                                                           "</story>", "</Hottest>", "</B>", "<li>", "<p>"]
        for _ in 0..<600 {
            let depth = 17 + Int(generator.next() % 40)
            let prefix = TemplatePropertyTests.randomString(&generator, from: opens, count: depth)
            let length = Int(generator.next() % 40)
            Self.expectAgreement(prefix + TemplatePropertyTests.randomString(&generator, from: fragments, count: length))
        }
    }

    @Test func repeatedMisnestingAgreesWithTheParser() {
        // The one pass remembers the stacks it rebuilt after misnested end tags, by the stack before and how many
        // tags stayed open: the same stack closed at different depths, rotations through nine tags (every end tag
        // keeping 8 open), and more distinct rebuilds than it remembers, with tags with parameters among them.
        let names = ["b", "i", "u", "s", "em", "strong", "code", "sub", "sup"]
        let rotation = names.map { "<\($0)>" }.joined() + String(repeating: names.map { "</\($0)>y<\($0)>" }.joined(),
                                                                       count: 3)
        let depths = String(repeating: "<a><b k='1'><c>x</b>y</c></a><a><b k='1'><c>x</a>y</c></b>", count: 3)
        let many = (0..<150).map { "<b><t\($0 % 80) v='\($0 % 7)'>x</b>y</t\($0 % 80)>" }.joined()
        // End tags read from their 8 bytes only when no tag above the one they match has their name in another
        // case (`<b k='1'><B>x</b>` closes `<B>`), or a name too long to tell.
        let cases = "<b k='1'><B>x</b>y</B>z<B><i>x</b>y</i><b><I k='2'>x</i>y</b><strong><b><i>x</b>y</i></strong>"
            + "<b><strong>x</b>y</strong><b><Bb><i>x</b>y</i></Bb><b:1><B:1>x</b:1>y</B:1>"
        for input in [rotation, depths, many, cases, "<b><i>x</b></i>" + rotation + depths + "<b><i>z</b></i>"] {
            Self.expectAgreement(input)
            #expect(StyledTextSink.build(input, arguments: [], options: .init()) != nil, "built in one pass")
        }
    }

    @Test func theOnePassLeavesToTheParserOnlyWhatItCannotBuild() {
        func built(_ input: String, _ arguments: [any StyledTextArgument] = [],
                   options: StyledText.Template.Options = .init()) -> StyledText? {
            var input = input
            input.makeContiguousUTF8()
            return StyledTextSink.build(input, arguments: arguments, options: options)
        }
        var isolating = StyledText.Template.Options()
        isolating.isolatesArguments = true
        // Built in one pass, as the parser builds them: nesting, a tag closed and opened again (one segment),
        // parameters, names in any case, unknown tags closed, known tags left open, elements, stray end tags,
        // comments, references, escapes, placeholders in any order or missing, isolated arguments.
        let inputs = ["Hi <b>%@</b> &amp; deals<!-- note -->, 100%%", "<b>a</b><b>b</b>c", "<a href='x&amp;y'>l</a>",
                      "<B>x</b>", "<x>closed</x>", "<b>left open", "a<br>b<icon name='s'/>c<hr>", "%2$@ %1$@ %3$@",
                      "</i>stray", "", "<b><i>x</i>y</b>", "%1$@<i>%1$@</i>"]
        for options in [StyledText.Template.Options(), isolating] {
            for input in inputs {
                let text = built(input, ["<i>one</i>", "two"], options: options)
                #expect(text != nil, "\(input)")
                #expect(text == StyledText.Template(input, options: options).filled(with: ["<i>one</i>", "two"]),
                        "\(input)")
            }
        }
        #expect(built("<b>a</b><b>b</b>c")?.parts.count == 2, "equal neighbours make one part")
        #expect(built("%@", ["a"], options: isolating)?.plainText == "\u{2068}a\u{2069}")
        // Arguments that format themselves to text alone: numbers for their specifiers, substrings, plain styled
        // text.
        let formatted: [any StyledTextArgument] = [42, 2.5, "sub string".dropFirst(4), StyledText("plain"), Int64.min]
        for options in [StyledText.Template.Options(), isolating] {
            let input = "<b>%d</b> %.2f <i>%@ %@</i> %lld %5$lld"
            let text = built(input, formatted, options: options)
            #expect(text != nil)
            #expect(text == StyledText.Template(input, options: options).filled(with: formatted))
        }
        // Misnested end tags, the tags opened inside them kept open on their parent.
        for input in ["<b><i>x</b></i>", "<b><i>x</b>y</i>z", "<x><b k='v'>a</x>b", "<a><b><c>x</a>y</c>z</b>w"] {
            #expect(built(input) != nil, "\(input)")
            #expect(built(input) == StyledText.Template(input).filled(with: []), "\(input)")
        }
        // Left to the parser: an unknown tag left open (text again, so the text after it is outside it, even when
        // a misnested end tag left it open), a placeholder in a parameter, an argument with parts of its own, and a
        // template over the length limit (text as it stands).
        #expect(built("<b><x>a</b>c") == nil)
        #expect(built("Hi <Hottest> deals") == nil)
        #expect(built("<a href='%@'>x</a>", ["u"]) == nil)
        #expect(built("%@ items", [StyledText("3", attributes: [.important])]) == nil)
        #expect(built("%@ items", [StyledText(image: .init(named: "dice"))]) == nil)
        #expect(built("<b>long</b>", options: StyledText.Template.Options(maximumLength: 4)) == nil)
        // Those the parser builds, as it always did.
        for (input, arguments) in [("<b><x>a</b>c", []), ("Hi <Hottest> deals", []), ("<a href='%@'>x</a>", ["u"]),
                                   ("%@ items", [StyledText("3", attributes: [.important])])]
                as [(String, [any StyledTextArgument])] {
            #expect(StyledText(template: input, arguments: arguments)
                == StyledText.Template(input).filled(with: arguments), "\(input)")
        }
    }

    /// An argument that formats itself from a template: a one-pass parse inside another, on the same thread.
    struct Nested: StyledTextArgument {
        var template: String
        func styledText(formattedAs specifier: String) -> StyledText { StyledText(template: template) }
    }

    @Test func aParseInsideAnArgumentFindsTheThreadsCachesTakenAndUsesItsOwn() {
        for inner in ["&lt;&amp;&gt; plain", "<b>&amp;bold</b>"] {
            let input = "&amp; <i>%@</i> &lt; <b>%@</b>"
            let arguments: [any StyledTextArgument] = [Nested(template: inner), "s"]
            #expect(StyledText(template: input, arguments: arguments)
                == StyledText.Template(input).filled(with: arguments), "\(inner)")
            // The caches it lent out came back whole: the next parse on the thread still agrees.
            #expect(StyledText(template: input, arguments: ["a", "b"])
                == StyledText.Template(input).filled(with: ["a", "b"]))
            #expect(StyledText.plainText(ofTemplate: input) == "& %@ < %@")
        }
    }

    struct Interpolated: StyledTextArgument {
        func styledText(formattedAs specifier: String) -> StyledText { "n \("m", .important, .tag("i"))" }
    }

    @Test func anInterpolationInsideAnArgumentFindsTheThreadsNodesTakenAndUsesItsOwn() {
        // The argument pushes attributes while the one pass holds the thread's node table (it formats the
        // argument, finds parts and gives up) and then while the parser holds the thread's scratch; or, when the
        // template misnests before its placeholders, only while the parser does.
        for input in ["<i>%@</i> <b>%@</b>", "<b><i>x</b></i> %@ <b>%@</b>"] {
            let arguments: [any StyledTextArgument] = [Interpolated(), "s"]
            #expect(StyledText(template: input, arguments: arguments)
                == StyledText.Template(input).filled(with: arguments), "\(input)")
            // The table came back whole: the next parse agrees, and the next interpolation shares its nodes.
            #expect(StyledText(template: input, arguments: ["a", "b"])
                == StyledText.Template(input).filled(with: ["a", "b"]))
            // On a thread of its own, whose table none of the thread's other tests fill (see `onFreshThread`).
            let (made, again) = onFreshThread {
                (Interpolated().styledText(formattedAs: "@"), Interpolated().styledText(formattedAs: "@"))
            }
            #expect(made.segments[1].stack.top === again.segments[1].stack.top)
        }
    }

    @Test func aTextBuiltInOnePassSharesItsNodesWithTheThreadsEarlierTexts() {
        // The thread's node table, as the parser's builder uses it: equal stacks are the same nodes, which a
        // resolver's cache tells equal by identity.
        // On a thread of its own, whose table none of the thread's other tests fill (see `onFreshThread`).
        let (first, second) = onFreshThread {
            (StyledText(template: "<b>x <i>y</i></b>"), StyledText(template: "z <b>w <i>v</i></b>"))
        }
        #expect(first.segments[1].stack.top != nil)
        #expect(first.segments[1].stack.top === second.segments[2].stack.top)
    }

    @Test func agreesWithOptions() {
        var shallow = StyledText.Template.Options()
        shallow.maximumDepth = 2
        var known = StyledText.Template.Options()
        known.knownTagNames = ["x"]
        var short = StyledText.Template.Options()
        short.maximumLength = 8
        for options in [shallow, known, short] {
            for input in ["<a>1<b>2<c>3</c></b></a>", "<x>1<y>2<b>3", "<b>bold</b> &amp; %@", "<y><x>a</y>b"] {
                Self.expectAgreement(input, options: options)
            }
        }
    }

    @Test func agreesOnRandomTagSoups() {
        var generator = SeededGenerator(seed: 7)
        let fragments = TemplatePropertyTests.fragments + [
            "<x>", "</x>", "<y a=1>", "</y>", "<Z>", "<hottest>", "<b c>", "<i/>", "<!-- c -->", "&notit;", "&#128;",
            "%01$@", "%2$@", "%lld", "%.2f", "100% ", "<!DOCTYPE x>", "<?pi?>", "<a b=\"1\" b='2'>", "</b/>",
        ]
        var shallow = StyledText.Template.Options()
        shallow.maximumDepth = 3
        for round in 0..<4_000 {
            let soup = TemplatePropertyTests.randomString(&generator, from: fragments,
                                                          count: Int(generator.next() % 40))
            let options = round % 4 == 3 ? shallow : StyledText.Template.Options()
            Self.expectAgreement(soup, options: options)
        }
    }

    @Test func pastTheDepthLimitTheOneShotParserAgreesWithTheTemplate() {
        // `StyledText(template:)` decides tags past the depth limit from their bytes; a `Template`, which collects
        // diagnostics, goes through `startTag`. Void names in any case must stay elements in both.
        var options = StyledText.Template.Options()
        options.maximumDepth = 2
        var generator = SeededGenerator(seed: 9)
        let fragments = ["<b>", "<i>", "<x>", "</b>", "<BR>", "<br>", "<Img>", "<wbr/>", "<HR x=1>", "<input>",
                         "<area>", "<source>", "<track>", "<col>", "<embed>", "<meta>", "<param>", "<base>",
                         "<brr>", "<bR>", "t", "&amp;", "%@", "%%"]
        for _ in 0..<2_000 {
            let soup = TemplatePropertyTests.randomString(&generator, from: fragments, count: Int(generator.next() % 30))
            #expect(StyledText.Template(soup, options: options).filled(with: ["a"])
                == StyledText(template: soup, arguments: ["a"], options: options), "\(soup.debugDescription)")
        }
        for name in ["area", "base", "br", "col", "embed", "hr", "img", "input", "meta", "param", "source", "track",
                     "wbr", "BR", "Img", "b", "bra", "brr", "sources", "x", "SOURCE", "EmBeD", "ar", "are", "areas",
                     "sourcf", "inpu", "hr1", "wbR", "trac", "paramx", "metas", "bas", "co", "c0l", "imgs"] {
            let expected = TemplateTokenizer.isVoid(name.lowercased())
            let bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer { TemplateTokenizer.isVoid(bytes: $0) } == expected, "\(name)")
        }
    }

    @Test func agreesOnParameterValuesOfEveryLength() {
        // The closing quote is looked for 16 bytes at a time up to 64 bytes, then by the general search: values
        // around those lengths, closed, unclosed and at the end of the template.
        for length in 0..<140 {
            let value = String(repeating: "v", count: length)
            for template in ["<a href='\(value)'>x</a>y", "<a href=\"\(value)\">x</a>", "<a href='\(value)\">x</a>",
                             "<a href='\(value)", "<x b='\(value)' c=\"\(value)\" b=1>x", "<x b='\(value)'>x"] {
                Self.expectAgreement(template)
            }
        }
        // Unclosed values one after another: each search fails, from later and later offsets.
        let storm = String(repeating: "<a href='x", count: 500) + String(repeating: "<b c=\"", count: 500) + "z"
        #expect(StyledText.plainText(ofTemplate: storm) == storm)
        // Duplicate parameters change nothing in the text; unknown tags left open with or without parameters do.
        let many = "<x " + (0..<100).map { "p\($0 % 70)='\($0)'" }.joined(separator: " ") + ">text"
        for template in [many, "<y a=1 a=2>t", "<Hot a>t", "<Hot>t", "<Hot a='>'>t"] {
            Self.expectAgreement(template)
        }
    }

    @Test func agreesOnTheShapesAroundOneQuotedParameter() {
        // ` name='value'>` is read straight through; every near miss goes to the general loop, which must agree.
        let shapes = [" a='x'>", " a=\"x\">", " a='x' >", " a='x'/>", "  a='x'>", "\ta='x'>", " a ='x'>", " a= 'x'>",
                      " a=x>", " a='x'b>", " a='x'", " a='x", " a='>'>", " a='x'>>", " é='x'>", " a-b:c='x'>",
                      " a='x\"'>", " a=\"x'\">", " ='x'>", " a=='x'>", " a='x' b='y'>", " a=''>", " a='x'/", " >",
                      " a='%@'>", " a='&amp;'>", " abcdefg='x'>", " abcdefgh='x'>", " aBcD='x'>", " a1='x'>",
                      " h-ref='x'>", " hr:ef='x'>", " Z='x'>", " z@='x'>", " [='x'>", " `='x'>", " {a='x'>", " a{='x'>",
                      " a\u{7F}='x'>", " aé='x'>", " a b='x'>", " a\u{0}='x'>", " ab=='x'>"]
        for shape in shapes {
            for template in ["<b\(shape)t</b>u", "<Hot\(shape)t", "x<b\(shape)", "<br\(shape)t", "</b\(shape)t"] {
                Self.expectAgreement(template)
            }
        }
    }

    @Test func agreesOnTagsReadAsOneWord() {
        // The scan reads a tag from the 8 bytes at its `<` when it can: names of every length around those 8 bytes,
        // in any case, void or not, followed by `>`, a parameter or anything else, closed by end tags spelled the same
        // or not, at every distance from the end of the template (with fewer than 8 bytes left, it reads them the
        // general way), and at the depth limit.
        let names = ["b", "B", "i", "ab", "br", "BR", "hr", "h1", "a_b", "a.b", "a:b", "a-b", "img", "Img", "col",
                     "wbr", "area", "meta", "base", "story", "embed", "Track", "param", "input", "source", "SOURCE",
                     "sourcex", "abcdef", "abcdefg", "abcdefgh", "x1y2z3w4"]
        let afters = [">", " a='1'>", " a=\"1\">", " >", "/>", "\t>", " a=1>", " a='1'", "", "é>", "\u{0}>", "<b>"]
        var shallow = StyledText.Template.Options()
        shallow.maximumDepth = 1
        for name in names {
            let ends = ["</\(name)>", "</\(name.uppercased())>", "</\(name.lowercased())>", "</\(name) >", "</\(name)",
                        "</x>", ""]
            for after in afters {
                for end in ends {
                    for tail in ["", "t", "tail", "tail text"] {
                        for options in [StyledText.Template.Options(), shallow] {
                            let template = "x<\(name)\(after)y\(end)\(tail)"
                            Self.expectAgreement(template, options: options)
                        }
                    }
                }
            }
        }
    }

    @Test func agreesOnRandomBytes() {
        // Bytes that matter to the grammar, so that near-misses of every construct are common.
        let alphabet = Array("<>/!-&#;%@$1ab =\"'x".utf8)
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<1_000 {
            let bytes = (0..<Int(generator.next() % 120)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let input = String(decoding: bytes, as: UTF8.self)
            Self.expectAgreement(input)
        }
    }

    @Test func agreesOnTemplatesLongerThanAStreamingChunk() {
        // ``expectAgreement(_:options:sourceLocation:)`` without the texts in the message: they are 64 KB and more.
        func expectLongAgreement(_ input: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let template = StyledText.Template(input)
            let plainTextAgrees = StyledText.plainText(ofTemplate: input) == template.filled(with: []).plainText
            #expect(plainTextAgrees, "plain text of \(input.utf8.count) bytes", sourceLocation: sourceLocation)
            for arguments in [[], Self.arguments] {
                let agrees = StyledText(template: input, arguments: arguments) == template.filled(with: arguments)
                #expect(agrees, "\(input.utf8.count) bytes with \(arguments.count) arguments",
                        sourceLocation: sourceLocation)
            }
        }
        // A template longer than a chunk streams its text into its string chunk by chunk, while tags and parts
        // are placed by offsets in the whole text. At one of these paddings, the reference that decodes to two
        // scalars (`&fjlig;` is `fj`) has its `f` end the chunk and its `j` start the next (the memo's side of
        // that is in `CharacterReferenceMemoTests`).
        let chunk = UTF8Buffer.streamingChunk
        for padding in (chunk - 4)...(chunk + 1) {
            let input = String(repeating: "x", count: padding) + "&fjlig;<b>&fjlig; %@</b>&amp;&fjlig;é"
                + String(repeating: "<i>ü</i>", count: 2_000) + "&fjlig;"
            expectLongAgreement(input)
        }
        // Tags left open that stay text, put back into a streamed text; an argument in each chunk.
        expectLongAgreement("<hottest>" + String(repeating: "y%@", count: 40_000) + "<b>z</b><Other>"
            + String(repeating: "wé", count: 40_000))
        // Random tag soups of 100-200 KB.
        var generator = SeededGenerator(seed: 9)
        let fragments = TemplatePropertyTests.fragments + ["<x>", "</x>", "<hottest>", "&fjlig;", "&#128512;", "%@"]
        for _ in 0..<6 {
            var soup = ""
            let length = 100_000 + Int(generator.next() % 100_000)
            while soup.utf8.count < length {
                soup += TemplatePropertyTests.randomString(&generator, from: fragments, count: 50)
            }
            #expect(soup.utf8.count > chunk)
            expectLongAgreement(soup)
        }
    }

    @Test func agreesWhenTheTextStreamsThroughTinyChunks() {
        // The streaming of long templates, with chunks of a few bytes: every append of the scan and the sink (text,
        // references of one and two scalars, arguments, literal tags put back) meets a full chunk at every offset.
        var generator = SeededGenerator(seed: 10)
        let fragments = TemplatePropertyTests.fragments + [
            "<x>", "</x>", "<hottest>", "&fjlig;", "&#128512;", "é", "😀", "%@", "<b>", "</b>", "&amp;",
        ]
        var scans = 0, builds = 0
        for round in 0..<1_500 {
            let soup = TemplatePropertyTests.randomString(&generator, from: fragments, count: Int(generator.next() % 30))
            let chunk = [1, 2, 3, 4, 5, 8, 13, 64][round % 8]
            let template = StyledText.Template(soup)
            let scanned = Array(soup.utf8).withUnsafeBufferPointer { bytes in
                Self.plainScan(of: bytes, source: soup, streamingChunk: chunk)
            }
            if let scanned {
                #expect(scanned == template.filled(with: []).plainText, "\(soup.debugDescription), chunk \(chunk)")
                scans += 1
            }
            for arguments in [[], Self.arguments] {
                guard let built = StyledTextSink.build(soup, arguments: arguments, options: .init(),
                                                       streamingChunk: chunk) else { continue }
                #expect(built == template.filled(with: arguments), "\(soup.debugDescription), chunk \(chunk)")
                builds += 1
            }
        }
        // Checked, not left to the parser: every scan (1,500) and more than half the builds (1,638 of 3,000).
        #expect(scans > 1_000 && builds > 1_000, "\(scans) scans and \(builds) builds checked")
    }
}
