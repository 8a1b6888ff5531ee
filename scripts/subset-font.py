"""Makes the Japanese font of the PDF reports: Noto Sans CJK JP Regular cut to ASCII and the
characters of JIS X 0208 with the Windows (cp932) additions, so a report embeds a few MB at most.

Run with Debian's fonts-noto-cjk and python3-fonttools installed:
    python3 scripts/subset-font.py
"""

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
TARGET = Path(__file__).resolve().parent.parent / "packages/server/assets/fonts/NotoSansJP-Subset-Regular.otf"
JAPANESE = "Noto Sans CJK JP"


def characters() -> str:
    chars = {chr(c) for c in range(0x20, 0x7F)}
    for lead in range(0x81, 0xFD):
        for trail in range(0x40, 0xFD):
            try:
                chars.update(bytes([lead, trail]).decode("cp932"))
            except UnicodeDecodeError:
                pass
    # Half-width katakana, and the forms the service writes (～ 〜 − ‐) whatever the codec maps.
    chars.update(chr(c) for c in range(0xFF61, 0xFFA0))
    chars.update("～〜−‐–—…・※①②③④⑤⑥⑦⑧⑨⑩")
    return "".join(sorted(chars))


def main() -> None:
    collection = TTCollection(str(SOURCE))
    index = next(i for i, f in enumerate(collection.fonts) if f["name"].getDebugName(4) == JAPANESE)
    font = collection.fonts[index]
    options = subset.Options()
    options.hinting = False
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=characters())
    subsetter.subset(font)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(TARGET))
    print(f"{TARGET.name}: {TARGET.stat().st_size} bytes")


if __name__ == "__main__":
    main()
