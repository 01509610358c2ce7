import Testing
@testable import StyledText

/// `StyledText.plainText(ofTemplate:options:)` must equal `StyledText(template:options:).plainText` for every
/// input: the grammar table, hand-picked repairs, and random tag soups from a seeded generator.
@Suite struct TemplatePlainTextTests {
    @Test(arguments: TemplateGrammarTests.cases)
    func agreesOnTheGrammarTable(_ testCase: TemplateGrammarTests.Case) {
        #expect(StyledText.plainText(ofTemplate: testCase.input) == StyledText(template: testCase.input).plainText)
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
    ])
    func agreesOnRepairs(_ input: String) {
        #expect(StyledText.plainText(ofTemplate: input) == StyledText(template: input).plainText, "\(input)")
    }

    @Test func theScanLeavesOnlyMisnestedEndTagsToTheParser() {
        func scanned(_ input: String) -> String? {
            var input = input
            input.makeContiguousUTF8()
            return input.utf8.withContiguousStorageIfAvailable { bytes in
                var scanner = TemplateScanner(bytes: bytes, source: input, options: .init())
                return scanner.run()
            } ?? nil
        }
        // Decided by the scan alone, as the parser decides: nesting, stray end tags, tags left open, comments,
        // references, escapes and placeholders.
        for input in ["Hi <b>%@</b> &amp; <Hottest> deals<!-- note -->, 100%%", "a</b>c<b>d</b>e", "<b><i>x</i></b>",
                      "<x>1<y a=1>2", "<a href='%@'>x</a> %01$@ %2$d", "<B>x</b>&lt;<br/><br>y<!DOCTYPE z><?p?>"] {
            #expect(scanned(input) == StyledText(template: input).plainText, "\(input)")
        }
        // A misnested end tag: which tags stay open, and may turn back into text, is the parser's decision.
        #expect(scanned("<b><i>x</b></i>") == nil)
        #expect(StyledText.plainText(ofTemplate: "<x><y>a</x>b") == StyledText(template: "<x><y>a</x>b").plainText)
        // An end tag that is not the innermost is looked for through at most 16 open tags; deeper, the parser
        // decides, with its counts per name.
        let shallow = String(repeating: "<b>", count: 16) + "</i>x"
        #expect(scanned(shallow) == "x")
        #expect(scanned("<i>" + shallow) == nil)
        #expect(StyledText.plainText(ofTemplate: "<i>" + shallow) == "x")
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
                #expect(StyledText.plainText(ofTemplate: input, options: options)
                    == StyledText(template: input, options: options).plainText, "\(input)")
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
            #expect(StyledText.plainText(ofTemplate: soup, options: options)
                == StyledText(template: soup, options: options).plainText, "\(soup.debugDescription)")
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
                #expect(StyledText.plainText(ofTemplate: template) == StyledText(template: template).plainText,
                        "\(template)")
            }
        }
        // Unclosed values one after another: each search fails, from later and later offsets.
        let storm = String(repeating: "<a href='x", count: 500) + String(repeating: "<b c=\"", count: 500) + "z"
        #expect(StyledText.plainText(ofTemplate: storm) == storm)
        // Duplicate parameters change nothing in the text; unknown tags left open with or without parameters do.
        let many = "<x " + (0..<100).map { "p\($0 % 70)='\($0)'" }.joined(separator: " ") + ">text"
        for template in [many, "<y a=1 a=2>t", "<Hot a>t", "<Hot>t", "<Hot a='>'>t"] {
            #expect(StyledText.plainText(ofTemplate: template) == StyledText(template: template).plainText,
                    "\(template)")
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
                #expect(StyledText.plainText(ofTemplate: template) == StyledText(template: template).plainText,
                        "\(template.debugDescription)")
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
                            #expect(StyledText.plainText(ofTemplate: template, options: options)
                                == StyledText(template: template, options: options).plainText,
                                    "\(template.debugDescription)")
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
            #expect(StyledText.plainText(ofTemplate: input) == StyledText(template: input).plainText,
                    "\(input.debugDescription)")
        }
    }
}
