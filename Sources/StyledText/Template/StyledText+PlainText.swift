extension StyledText {
    /// The plain text of a tagged template, without building styled text: the fast path for search indexes,
    /// accessibility labels, notifications and logs.
    ///
    /// Always equal to `StyledText(template: template, options: options).plainText`: one scan makes the same
    /// repairs (a tag left open and unknown, or nested too deep, is kept as text; comments are dropped; character
    /// references are decoded; `%%` is a percent sign; a placeholder, having no argument, stays as written), but
    /// writes the text directly instead of tokens, tags and attributes, misnested end tags (`<b><i>x</b></i>`)
    /// included. A template with an end tag that names none of the 16 innermost open tags while more are open is
    /// parsed instead, where counts per name keep the search linear: still linear, about five times slower.
    ///
    /// ```swift
    /// StyledText.plainText(ofTemplate: "Hi <b>%@</b> &amp; <Hottest> deals<!-- note -->, 100%%")
    /// // "Hi %@ & <Hottest> deals, 100%"
    /// ```
    ///
    /// Named after what it returns, like ``plainText``, rather than after what it removes: "strip" would suggest
    /// that it only deletes tags, when it also decodes references and keeps broken markup as text.
    ///
    /// - Parameters:
    ///   - template: The template text.
    ///   - options: The options the template would be parsed with; they decide depth and which unclosed tags
    ///     are text.
    /// - Returns: The template's plain text.
    /// - Complexity: O(*n*) in the length of `template`.
    public static func plainText(ofTemplate template: String, options: Template.Options = Template.Options()) -> String {
        if let maximum = options.maximumLength, template.utf8.count > maximum {
            return template
        }
        // The fields the scan needs, passed on rather than the options: read in the function that makes the
        // scanner, they were copied whole there three times, and destroyed.
        // Block tag names stay open when unclosed, as known names do. Two calls rather than one with either set:
        // choosing the argument cost the usual call, without block tag names, a retain and a release (about 40
        // instructions a sentence).
        let scanned = options.givenBlockTagNames == nil
            ? scannedPlainText(ofTemplate: template, maximumDepth: options.maximumDepth,
                               knownTagNames: options.ownKnownTagNames)
            : scannedPlainText(ofTemplate: template, maximumDepth: options.maximumDepth,
                               knownTagNames: options.tagNamesKeptOpen)
        // `nil` where the parser must decide: many end tags that close nothing under a deep stack, implied ends.
        return scanned ?? StyledText(template: template, options: options).plainText
    }

    /// The plain text of `template` in one scan, or `nil` where the parser must decide.
    @inline(never)
    private static func scannedPlainText(ofTemplate template: String, maximumDepth: Int,
                                         knownTagNames: Set<String>?) -> String? {
        var contiguous = template
        contiguous.makeContiguousUTF8()
        let scanned = contiguous.utf8.withContiguousStorageIfAvailable { bytes in
            // The thread's reference memo, so that the same strings' references are decoded once: taken and given
            // back rather than lent to a closure, which kept the scan from being inlined here (a fifth more
            // instructions for a megabyte).
            let (references, rooms) = TemplateScratch.takeReferences()
            defer { TemplateScratch.giveBack(references) }
            return TemplateScanner.scan(bytes, of: contiguous, maximumDepth: maximumDepth,
                                        knownTagNames: knownTagNames, references: references, rooms: rooms)
        }
        return scanned ?? nil
    }
}
