# A Homebrew formula for trend (SPEC §14), in the shape of swift-format's
# and SwiftLint's: build the release binary with the Swift toolchain, then
# install it, the man page and the completions it generates.
#
#   brew install --HEAD ./Packaging/homebrew/trend.rb    (from a clone, now)
#   brew install ./Packaging/homebrew/trend.rb           (once a release is tagged)
#
# At a release, `url` names the tag and `sha256` is the archive's checksum
# (`shasum -a 256 trend-VERSION.tar.gz`); the tag must be `trend --version`.
class Trend < Formula
  desc "Weight tracker for the shell: trend, body fat, goals, charts, imports"
  homepage "https://github.com/trend-cli/trend"
  url "https://github.com/trend-cli/trend/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "MIT"
  head "https://github.com/trend-cli/trend.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  uses_from_macos "swift" => :build
  uses_from_macos "zlib"

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--disable-local-rpath"
    bin.install ".build/release/trend"
    man1.install "Documentation/trend.1"
    generate_completions_from_executable(bin/"trend", "completions")
  end

  test do
    ENV["TREND_DATA_DIR"] = (testpath/"data").to_s
    assert_match "Logged 80.5 kg", shell_output("#{bin}/trend log 80.5 --unit kg")
    assert_match "80.5", shell_output("#{bin}/trend last --format json")
    assert_match "trend #{version}", shell_output("#{bin}/trend --version") if build.stable?
  end
end
