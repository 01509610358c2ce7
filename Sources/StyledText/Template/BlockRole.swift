/// What a tag's name is to HTML's blocks: whether a start tag of it marks where a block begins
/// (``TemplateTokenizer/blockNames``), and which open tags it ends first, as HTML implies their end tags:
/// `<li>a<li>b` is two items, `<p>a<p>b` two paragraphs and `<tr><td>1<td>2<tr>` two rows, where the grammar would
/// otherwise nest each in the one before, unclosed.
///
/// The rules are HTML's for the elements whose end tags may be omitted, read as the tree builder reads them:
///
/// - `li` ends the innermost open `li`, passing over tags that are not blocks and over `p`, `div` and `address`, and
///   stopping at any other block (a nested list's `ul` keeps its parent item open); `dt` and `dd` end `dt` or `dd`
///   the same way.
/// - `tr` ends an open `tr` within the innermost `table`, `tbody`, `thead` or `tfoot`; `td` and `th` end a `td` or
///   `th` within the innermost row; `tbody`, `thead` and `tfoot` end one another within the innermost `table`.
/// - A heading ends a heading that is the innermost open tag.
/// - Every block but the table's parts (`tr td th tbody thead tfoot caption`) then ends an open `p`, stopping at a
///   `table`, cell or `caption`.
///
/// Tags that are not blocks (`<b>`), open inside what a start tag ends, end with it and open again inside the new
/// tag, as a browser reconstructs them: `<li><b>a<li>b` has `b` in li+b. An end tag of a block ends the blocks opened
/// inside it, too, as HTML's `</ul>` ends its unclosed items; tags that are not blocks stay open past it, as any
/// misnested end tag keeps them. Either way more than ``TemplateTokenizer/maximumKeptOpen`` of them end instead.
///
/// The parser's tokenizer applies these rules; the one pass leaves any template where they end a tag to it (see
/// ``TemplateScanner``).
///
/// A search for the tag to end looks through the innermost ``searchLimit`` open tags, so that a start tag costs
/// O(1) however deep the nesting.
enum BlockRole: UInt8 {
    /// Not one of HTML's block names (``TemplateTokenizer/blockNames``).
    case none
    /// `p`.
    case paragraph
    /// `li`.
    case listItem
    /// `dt` and `dd`.
    case definition
    /// `tr`.
    case row
    /// `td` and `th`.
    case cell
    /// `tbody`, `thead` and `tfoot`.
    case rowGroup
    /// `h1` to `h6`.
    case heading
    /// `table`.
    case table
    /// `caption`.
    case caption
    /// `div` and `address`, which a list item's search passes over.
    case division
    /// Every other block name: `ul`, `ol`, `blockquote`, `section`, `pre`, …
    case otherBlock

    /// How many open tags a search for an implied end looks through.
    static let searchLimit = 32

    /// The role of a lowercased name.
    init(_ name: String) {
        var name = name
        self = name.withUTF8 { BlockRole(bytes: $0) }
    }

    /// The role of a name written in the template's bytes, in any case.
    init(bytes name: UnsafeBufferPointer<UInt8>) {
        guard name.count <= 8 else {
            self = name.count == 10 && (Self.equals(name, "blockquote") || Self.equals(name, "figcaption"))
                ? .otherBlock : .none
            return
        }
        self.init(lowercasedPacked: TemplateTokenizer.lowercasedPacked(name))
    }

    /// Whether `name`'s bytes are `lowercased` in any case.
    private static func equals(_ name: UnsafeBufferPointer<UInt8>, _ lowercased: StaticString) -> Bool {
        guard name.count == lowercased.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: lowercased.utf8Start, count: lowercased.utf8CodeUnitCount)
        return zip(name, expected).allSatisfy { TemplateTokenizer.asciiLowercased($0) == $1 }
    }

    /// The role of a lowercased name of at most 8 bytes, packed into an integer first byte lowest: a switch over the
    /// packed names rather than a set to hash each name into, as ``TemplateTokenizer/isVoid(packed:)`` has its names.
    init(lowercasedPacked packed: UInt64) {
        switch packed {
        case 0x70: self = .paragraph                                              // p
        case 0x696C: self = .listItem                                             // li
        case 0x6464, 0x7464: self = .definition                                   // dd dt
        case 0x7274: self = .row                                                  // tr
        case 0x6474, 0x6874: self = .cell                                         // td th
        case 0x79646F6274, 0x746F6F6674, 0x6461656874: self = .rowGroup           // tbody tfoot thead
        case 0x3168, 0x3268, 0x3368, 0x3468, 0x3568, 0x3668: self = .heading      // h1 … h6
        case 0x656C626174: self = .table                                          // table
        case 0x6E6F6974706163: self = .caption                                    // caption
        case 0x766964, 0x73736572646461: self = .division                         // div address
        case 0x6C64, 0x6C6F, 0x6C75,                                              // dl ol ul
             0x726964, 0x76616E, 0x657270,                                        // dir nav pre
             0x6D726F66, 0x6E69616D, 0x756E656D,                                  // form main menu
             0x6564697361,                                                        // aside
             0x7265746E6563, 0x676F6C616964, 0x657275676966,                      // center dialog figure
             0x7265746F6F66, 0x726564616568, 0x70756F726768,                      // footer header hgroup
             0x656C6369747261, 0x736C6961746564, 0x6E6F6974636573, 0x7972616D6D7573,  // article details section summary
             0x746573646C656966:                                                  // fieldset
            self = .otherBlock
        default:
            self = .none
        }
    }

    /// Whether the end of an open tag of this role may be implied: `p li dt dd tr td th tbody thead tfoot h1`–`h6`,
    /// every role a start tag's rule may end.
    var mayEnd: Bool {
        switch self {
        case .paragraph, .listItem, .definition, .row, .cell, .rowGroup, .heading: true
        default: false
        }
    }

    /// Whether HTML lets the end tag of this role be left out where its parent ends: closing it with its parent's
    /// end tag is no misnesting.
    var endTagIsOptional: Bool {
        switch self {
        case .paragraph, .listItem, .definition, .row, .cell, .rowGroup: true
        default: false
        }
    }

    /// What a search outward from a start tag of this role does on meeting an open tag of the role `open`.
    enum Step {
        /// End that tag (and the blocks inside it).
        case end
        /// Look at the next tag out.
        case pass
        /// End nothing.
        case stop
    }

    /// The start tag's own rule, before ``paragraphStep(at:)``: `.stop` at once for a role without one.
    func step(at open: BlockRole) -> Step {
        switch self {
        case .listItem, .definition:
            if open == self { return .end }
            return open == .none || open == .paragraph || open == .division ? .pass : .stop
        case .row:
            if open == .row { return .end }
            return open == .table || open == .rowGroup ? .stop : .pass
        case .cell:
            if open == .cell { return .end }
            return open == .row || open == .table || open == .rowGroup ? .stop : .pass
        case .rowGroup:
            if open == .rowGroup { return .end }
            return open == .table ? .stop : .pass
        case .heading:
            // Only the innermost tag: the search's first step.
            return open == .heading ? .end : .stop
        default:
            return .stop
        }
    }

    /// The position of the open tag a search outward by `step` ends, among `count` open tags (outermost at 0) whose
    /// roles `roleAt` gives, looking through the innermost ``searchLimit``: the parser's search, which the one pass
    /// makes on its own stack to tell whether the parser would end a tag.
    static func innermostToEnd(among count: Int, roleAt: (Int) -> BlockRole, by step: (BlockRole) -> Step) -> Int? {
        let deepest = max(0, count - searchLimit)
        var position = count - 1
        while position >= deepest {
            switch step(roleAt(position)) {
            case .end: return position
            case .stop: return nil
            case .pass: position -= 1
            }
        }
        return nil
    }

    /// Whether a start tag of this role ends an open `p` (``paragraphStep(at:)``): every block but a table's parts.
    var endsParagraph: Bool {
        switch self {
        case .none, .row, .cell, .rowGroup, .caption: false
        default: true
        }
    }

    /// The search for an open `p` to end, on meeting an open tag of the role `open`.
    static func paragraphStep(at open: BlockRole) -> Step {
        switch open {
        case .paragraph: .end
        case .table, .cell, .caption: .stop
        default: .pass
        }
    }
}
