extension StyledText.Template {
    /// Checks a translation against this template, its source: the same tags and the same placeholders.
    ///
    /// Reports the translation's own parse problems, and tags or placeholders that are missing, extra, renamed
    /// (a tag where the source has another) or changed in type (`%lld` where the source has `%@`). A localizer
    /// dropping `</b>` or `%2$@` is the bug this catches.
    ///
    /// ```swift
    /// let source = StyledText.Template("Pick: %@ <i>or</i> %@")
    /// let problems = source.translationDiagnostics(StyledText.Template("Wähle: %1$@ <b>oder</b>"))
    /// problems.map(\.kind)  // [.renamedTag, .missingPlaceholder]
    /// ```
    ///
    /// Positions of missing tags and placeholders are in the source; every other position is in the
    /// translation.
    ///
    /// - Parameter translation: The translated template.
    /// - Returns: Every problem, the translation's first.
    /// - Complexity: O(*n* + *m*) in the two templates' sizes.
    public func translationDiagnostics(_ translation: StyledText.Template) -> [TemplateDiagnostic] {
        var inTranslation = translation.program.diagnostics
        var inSource: [PendingDiagnostic] = []

        let sourceTags = tagNames
        let translatedTags = translation.tagNames
        var sourceCounts = Dictionary(sourceTags.map { ($0.name, 1) }, uniquingKeysWith: +)
        var missing: [(name: String, offset: Int)] = []
        var extra: [(name: String, offset: Int)] = []
        for tag in translatedTags {
            if let count = sourceCounts[tag.name], count > 0 {
                sourceCounts[tag.name] = count - 1
            } else {
                extra.append(tag)
            }
        }
        var translatedCounts = Dictionary(translatedTags.map { ($0.name, 1) }, uniquingKeysWith: +)
        for tag in sourceTags {
            if let count = translatedCounts[tag.name], count > 0 {
                translatedCounts[tag.name] = count - 1
            } else {
                missing.append(tag)
            }
        }
        let renamed = min(missing.count, extra.count)
        for index in 0..<renamed {
            inTranslation.append(PendingDiagnostic(kind: .renamedTag, utf8Offset: extra[index].offset,
                                                   subject: "<\(missing[index].name)> became <\(extra[index].name)>"))
        }
        for tag in missing.dropFirst(renamed) {
            inSource.append(PendingDiagnostic(kind: .missingTag, utf8Offset: tag.offset, subject: tag.name))
        }
        for tag in extra.dropFirst(renamed) {
            inTranslation.append(PendingDiagnostic(kind: .extraTag, utf8Offset: tag.offset, subject: tag.name))
        }

        let sourcePlaceholders = Dictionary(placeholders.map { ($0.argumentIndex, $0) }) { first, _ in first }
        let translatedPlaceholders = Dictionary(translation.placeholders.map { ($0.argumentIndex, $0) }) { first, _ in first }
        for (index, placeholder) in sourcePlaceholders.sorted(by: { $0.key < $1.key }) {
            guard let translated = translatedPlaceholders[index] else {
                inSource.append(PendingDiagnostic(kind: .missingPlaceholder,
                                                  utf8Offset: placeholder.sourceRange.lowerBound,
                                                  subject: placeholder.spelling(in: source, positional: true)))
                continue
            }
            if translated.kind != placeholder.kind {
                inTranslation.append(PendingDiagnostic(kind: .changedPlaceholder,
                                                       utf8Offset: translated.sourceRange.lowerBound,
                                                       subject: placeholder.spelling(in: source) + " became "
                                                           + translated.spelling(in: translation.source)))
            }
        }
        for (index, placeholder) in translatedPlaceholders.sorted(by: { $0.key < $1.key })
        where sourcePlaceholders[index] == nil {
            inTranslation.append(PendingDiagnostic(kind: .extraPlaceholder, utf8Offset: placeholder.sourceRange.lowerBound,
                                                   subject: placeholder.spelling(in: translation.source)))
        }
        return Self.locate(inTranslation, dropped: translation.program.droppedDiagnostics, in: translation.source)
            + Self.locate(inSource, dropped: 0, in: source)
    }

    /// The names of the tags that took effect (start tags and elements), in source order. A tag reopened inside a
    /// block after an implied end (see ``BlockRole``) has no source of its own, and is not counted again.
    private var tagNames: [(name: String, offset: Int)] {
        var result: [(name: String, offset: Int)] = []
        for token in program.tokens {
            switch token.step {
            case let .open(tagIndex), let .element(tagIndex):
                let tag = program.tags[tagIndex]
                if tag.keep, !tag.sourceRange.isEmpty {
                    result.append((program.attributes[tag.attribute].name, tag.sourceRange.lowerBound))
                }
            default:
                continue
            }
        }
        return result
    }
}
