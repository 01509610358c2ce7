import StyledText

@main
struct Tour {
    static func main() {
        print("StyledText tour")
    }
}
