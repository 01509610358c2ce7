import Testing
@testable import StyledText

@Suite struct ScannedParametersTests {
    @Test func keepsParametersInOrderAcrossTheFieldAndTheArray() {
        var parameters = ScannedParameters()
        #expect(parameters.isEmpty && parameters.count == 0)
        #expect(Array(parameters).isEmpty)
        for round in 0..<3 {
            // One parameter (the field alone), then several (the array too), then none again: emptying between tags
            // must leave nothing of the previous tag behind.
            let count = [1, 70, 0][round]
            let expected = (0..<count).map { (name: (10 * $0)..<(10 * $0 + 2), value: $0 % 2 == 0 ? nil : (10 * $0 + 3)..<(10 * $0 + 5)) }
            for parameter in expected { parameters.append(parameter) }
            #expect(parameters.count == count)
            #expect(parameters.isEmpty == (count == 0))
            let read = Array(parameters)
            #expect(read.map(\.name) == expected.map(\.name))
            #expect(read.map(\.value) == expected.map(\.value))
            #expect(parameters.contains { $0.name == expected.last?.name } == (count > 0))
            parameters.removeAll()
            #expect(parameters.isEmpty && parameters.count == 0 && Array(parameters).isEmpty)
        }
    }

    @Test func findsNamesIgnoringCaseInTheFieldAndTheArray() {
        let bytes = Array("href HREF id Id x".utf8)
        bytes.withUnsafeBufferPointer { bytes in
            var parameters = ScannedParameters()
            #expect(!parameters.containsName(0..<4, in: bytes))
            parameters.append((name: 0..<4, value: nil))
            #expect(parameters.containsName(5..<9, in: bytes))
            #expect(!parameters.containsName(10..<12, in: bytes))
            parameters.append((name: 10..<12, value: nil))
            #expect(parameters.containsName(13..<15, in: bytes))
            #expect(!parameters.containsName(16..<17, in: bytes))
        }
    }

    @Test func tagsWithOneOrManyParametersParseAsBefore() {
        let text = StyledText(template: "<a href='x'>1</a><a HREF=y href='z' id=w>2</a><b>3</b>")
        #expect(text.parts == [
            .text("1", attributes: [.tag("a", ["href": "x"])]),
            .text("2", attributes: [.tag("a", ["href": "y", "id": "w"])]),
            .text("3", attributes: [.tag("b")]),
        ])
    }
}
