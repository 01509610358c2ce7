/// A template with the arguments for its placeholders.
public struct Sample: Sendable {
    /// The tagged template, as a localized string holds it.
    public let template: String
    /// One argument per `%@`, in order.
    public let arguments: [String]

    public init(template: String, arguments: [String]) {
        self.template = template
        self.arguments = arguments
    }
}

/// Realistic localized sentences: about 300 characters each, 3–6 tags (`<b>`, `<i>`, `<a href='…'>`,
/// `<story type='2'>`, some nested), character references, `%@` placeholders, now and then `%%`, and words in
/// several scripts.
///
/// Every sentence is well-formed markup (tags balanced and properly nested), because the XMLParser baseline
/// cannot read anything else; the adversarial families cover broken markup.
public enum Sentences {
    /// The benchmark corpus: `count` sentences from `seed`.
    public static func make(count: Int = 1_000, seed: UInt64 = 0x5EED_0005) -> [Sample] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in sentence(&generator) }
    }

    /// About `bytes` UTF-8 bytes of sentences joined by line breaks, with all their arguments in order.
    public static func document(bytes: Int = 1 << 20, from sentences: [Sample]) -> Sample {
        var template = ""
        template.reserveCapacity(bytes + 512)
        var arguments: [String] = []
        var index = 0
        while template.utf8.count < bytes {
            let sentence = sentences[index % sentences.count]
            if index > 0 { template += "\n" }
            template += sentence.template
            arguments += sentence.arguments
            index += 1
        }
        return Sample(template: template, arguments: arguments)
    }

    // MARK: Vocabulary

    static let languages: [[String]] = [
        ["your", "order", "ships", "today", "from", "our", "warehouse", "please", "confirm", "the", "delivery",
         "address", "before", "midnight", "and", "enjoy", "free", "returns", "within", "thirty", "days", "new",
         "message", "friends", "weekend", "offer", "story", "read", "more", "about", "résumé", "café", "naïve"],
        ["Ihre", "Bestellung", "wird", "heute", "versandt", "Grüße", "aus", "München", "Straße", "Lieferung",
         "bestätigen", "Sie", "bitte", "vor", "Mitternacht", "für", "Rückgabe", "kostenlos", "Wochenende",
         "Angebot", "Geschichte", "über", "schön", "Größe", "Nachricht"],
        ["votre", "commande", "sera", "expédiée", "aujourd’hui", "depuis", "notre", "entrepôt", "veuillez",
         "confirmer", "l’adresse", "de", "livraison", "avant", "minuit", "et", "profitez", "des", "retours",
         "gratuits", "pendant", "trente", "jours", "été", "à", "très", "bientôt", "garçon", "Noël"],
        ["su", "pedido", "se", "envía", "hoy", "desde", "nuestro", "almacén", "por", "favor", "confirme", "la",
         "dirección", "de", "entrega", "antes", "medianoche", "y", "disfrute", "devoluciones", "gratuitas",
         "durante", "treinta", "días", "año", "mañana", "también"],
        ["ご注文", "は", "本日", "発送", "されます", "お届け先", "を", "確認", "して", "ください", "週末", "限定",
         "の", "セール", "詳しく", "はこちら", "東京", "新しい", "メッセージ"],
        ["ваш", "заказ", "будет", "отправлен", "сегодня", "со", "склада", "пожалуйста", "подтвердите", "адрес",
         "доставки", "до", "полуночи", "и", "наслаждайтесь", "бесплатным", "возвратом", "в", "течение", "дней"],
        ["η", "παραγγελία", "σας", "αποστέλλεται", "σήμερα", "από", "την", "αποθήκη", "μας", "παρακαλώ",
         "επιβεβαιώστε", "διεύθυνση", "Καλό", "Σαββατοκύριακο"],
    ]

    /// Character references as translators write them: XML's five, HTML names, decimal and hexadecimal.
    static let references = ["&amp;", "&lt;3", "&gt;", "&quot;", "&#39;", "&nbsp;", "&eacute;", "&hellip;",
                             "&mdash;", "&#8217;", "&#x2014;", "&copy;", "&euro;"]

    static let links = ["https://example.com/orders/4821", "https://example.com/help?topic=returns&amp;lang=de",
                        "/account/settings", "https://example.org/münchen/straße", "mailto:support@example.com"]

    /// Arguments: names and values in several scripts, two with characters that are markup in a template.
    static let names = ["Zoë", "José", "Anaïs", "Søren", "Łukasz", "Eve", "李雷", "Ахмед", "O'Brien", "Tom & Jerry",
                        "<Admin>", "42 €", "Ελένη"]

    // MARK: Generation

    private static func sentence(_ generator: inout SplitMix64) -> Sample {
        let words = generator.pick(languages)
        let targetLength = generator.inRange(280...320)
        var tagsLeft = generator.inRange(3...6)
        var placeholdersLeft = generator.inRange(1...2)
        var referencesLeft = generator.inRange(1...3)
        var percent = generator.chance(10)
        var arguments: [String] = []
        var pieces: [String] = []
        var length = 0
        // Each step adds one piece; markup pieces are spread over the steps still expected.
        while length < targetLength || tagsLeft > 0 || placeholdersLeft > 0 {
            let stepsLeft = max(1, (targetLength - length) / 8)
            let piece: String
            if tagsLeft > 0, generator.below(stepsLeft) < tagsLeft * 2 {
                let span = taggedSpan(&generator, words: words, tagsLeft: tagsLeft)
                tagsLeft -= span.tags
                piece = span.text
            } else if placeholdersLeft > 0, generator.below(stepsLeft) < placeholdersLeft {
                placeholdersLeft -= 1
                arguments.append(generator.pick(names))
                piece = "%@"
            } else if referencesLeft > 0, generator.below(stepsLeft) < referencesLeft {
                referencesLeft -= 1
                piece = generator.pick(references)
            } else if percent, generator.chance(10) {
                percent = false
                piece = "\(generator.inRange(5...90))%%"
            } else if generator.chance(3) {
                piece = generator.pick(["🎉", "👍", "—", "…", "(1/3)", "·"])
            } else {
                piece = generator.pick(words) + (generator.chance(12) ? generator.pick([",", ".", ":", "!"]) : "")
            }
            pieces.append(piece)
            length += piece.count + 1
        }
        return Sample(template: pieces.joined(separator: " ") + ".", arguments: arguments)
    }

    /// One to four words in a tag, sometimes with a second tag nested around some of them.
    private static func taggedSpan(_ generator: inout SplitMix64, words: [String], tagsLeft: Int)
        -> (text: String, tags: Int) {
        let spanWords = (0..<generator.inRange(1...4)).map { _ in generator.pick(words) }
        let (open, close) = tag(&generator)
        if tagsLeft >= 2, spanWords.count >= 2, generator.chance(30) {
            let (innerOpen, innerClose) = tag(&generator, avoiding: open)
            let split = generator.inRange(1...(spanWords.count - 1))
            let inner = innerOpen + spanWords[split...].joined(separator: " ") + innerClose
            let text = open + spanWords[..<split].joined(separator: " ") + " " + inner + close
            return (text, 2)
        }
        return (open + spanWords.joined(separator: " ") + close, 1)
    }

    private static func tag(_ generator: inout SplitMix64, avoiding outer: String = "") -> (String, String) {
        while true {
            let choice: (String, String)
            switch generator.below(10) {
            case 0...2: choice = ("<b>", "</b>")
            case 3...5: choice = ("<i>", "</i>")
            case 6...7:
                let quote = generator.chance(70) ? "'" : "\""
                choice = ("<a href=\(quote)\(generator.pick(links))\(quote)>", "</a>")
            default: choice = ("<story type='\(generator.inRange(1...3))'>", "</story>")
            }
            // Nesting a tag in itself (`<b><b>`) is legal but not what translators write.
            if outer.isEmpty || !outer.hasPrefix(String(choice.0.prefix(3))) { return choice }
        }
    }
}
