/// For the formulas that differ by sex (the Navy body-fat estimate, the
/// waist-to-hip flag: SPEC §16) and nothing else; never guessed.
public enum Sex: String, CaseIterable, Sendable {
    case female, male
}
