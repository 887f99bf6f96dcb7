# ruff: noqa: E501 - hand-written XML reads best one element per line
"""Hand-written PAGE-XML (2013 and 2019) and ALTO v4 pages for notebook import tests."""

from __future__ import annotations

from pathlib import Path

from tests.notebook_files import TINY_JPEG, tiny_png

PAGE_2013 = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2013-07-15"
PAGE_2019 = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"

# Reading order puts region r2 before r1 although r1 comes first in the file; the region
# r3 is not in the reading order, so it follows.  "Ada Lovelace" is tagged in line 1 of
# r2 (page line 1); "Charles" in r1's line (page line 3, offset 13).
PAGE_2013_DOC = f"""<?xml version="1.0" encoding="UTF-8"?>
<PcGts xmlns="{PAGE_2013}">
  <Metadata><Creator>Transkribus</Creator><Created>2024-01-02T03:04:05</Created>
    <LastChange>2024-01-02T03:04:05</LastChange></Metadata>
  <Page imageFilename="scan-1.png" imageWidth="4" imageHeight="4">
    <ReadingOrder>
      <OrderedGroup id="ro1" caption="Regions reading order">
        <RegionRefIndexed index="1" regionRef="r1"/>
        <RegionRefIndexed index="0" regionRef="r2"/>
      </OrderedGroup>
    </ReadingOrder>
    <TextRegion id="r1" custom="readingOrder {{index:1;}}">
      <Coords points="0,2 4,2 4,4 0,4"/>
      <TextLine id="r1l1" custom="readingOrder {{index:0;}} person {{offset:14; length:7;}}">
        <Coords points="0,2 4,2 4,3 0,3"/>
        <TextEquiv><Unicode>Later I wrote Charles a note.</Unicode></TextEquiv>
      </TextLine>
    </TextRegion>
    <TextRegion id="r2" custom="readingOrder {{index:0;}}">
      <Coords points="0,0 4,0 4,2 0,2"/>
      <TextLine id="r2l1" custom="readingOrder {{index:0;}} person {{offset:4; length:12;}}">
        <Coords points="0,0 4,0 4,1 0,1"/>
        <TextEquiv><Unicode>Met Ada Lovelace today.</Unicode></TextEquiv>
      </TextLine>
      <TextLine id="r2l2" custom="readingOrder {{index:1;}} textStyle {{offset:0; length:3;bold:true;}}">
        <Coords points="0,1 4,1 4,2 0,2"/>
        <TextEquiv><Unicode>She &amp; I talked.</Unicode></TextEquiv>
      </TextLine>
    </TextRegion>
    <TextRegion id="r3">
      <Coords points="0,3 4,3 4,4 0,4"/>
      <TextLine id="r3l1"><Coords points="0,3 4,3 4,4 0,4"/>
        <Word id="w1"><Coords points="0,3 1,3 1,4 0,4"/><TextEquiv><Unicode>Margin</Unicode></TextEquiv></Word>
        <Word id="w2"><Coords points="1,3 2,3 2,4 1,4"/><TextEquiv><Unicode>note</Unicode></TextEquiv></Word>
      </TextLine>
    </TextRegion>
  </Page>
</PcGts>
"""
PAGE_2013_TEXT = (
    "Met Ada Lovelace today.\nShe & I talked.\nLater I wrote Charles a note.\nMargin note"
)

# No reading order: document order.  A person split over two lines (Transkribus marks
# both parts ``continued``) and a second mention of Ada.
PAGE_2019_DOC = f"""<?xml version="1.0" encoding="UTF-8"?>
<PcGts xmlns="{PAGE_2019}">
  <Metadata><Creator>hand</Creator><Created>2024-01-02T03:04:05</Created>
    <LastChange>2024-01-02T03:04:05</LastChange></Metadata>
  <Page imageFilename="images/scan-2.jpg" imageWidth="1" imageHeight="1">
    <TextRegion id="a">
      <Coords points="0,0 1,0 1,1 0,1"/>
      <TextLine id="a1" custom="readingOrder {{index:0;}} person {{offset:9; length:4; continued:true;}}">
        <Coords points="0,0 1,0 1,1 0,1"/>
        <TextEquiv index="1"><Unicode>not this one</Unicode></TextEquiv>
        <TextEquiv index="0"><Unicode>Wrote to Mary</Unicode></TextEquiv>
      </TextLine>
      <TextLine id="a2" custom="readingOrder {{index:1;}} person {{offset:0; length:7; continued:true;}} person {{offset:12; length:3;}}">
        <Coords points="0,0 1,0 1,1 0,1"/>
        <TextEquiv><Unicode>Shelley and Ada again.</Unicode></TextEquiv>
      </TextLine>
    </TextRegion>
  </Page>
</PcGts>
"""
PAGE_2019_TEXT = "Wrote to Mary\nShelley and Ada again."

ALTO_DOC = """<?xml version="1.0" encoding="UTF-8"?>
<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#">
  <Description>
    <MeasurementUnit>pixel</MeasurementUnit>
    <sourceImageInformation><fileName>scan-3.png</fileName></sourceImageInformation>
  </Description>
  <Layout><Page ID="p1" WIDTH="4" HEIGHT="4" PHYSICAL_IMG_NR="1"><PrintSpace>
    <TextBlock ID="b1">
      <TextLine ID="l1"><String CONTENT="The"/><SP/><String CONTENT="tide"/><SP/>
        <String CONTENT="was"/><SP/><String CONTENT="ex"/><HYP CONTENT="-"/></TextLine>
      <TextLine ID="l2"><String CONTENT="tremely"/><SP/><String CONTENT="low."/></TextLine>
    </TextBlock>
  </PrintSpace></Page></Layout>
</alto>
"""
ALTO_TEXT = "The tide was ex-\ntremely low."


def transcript_folder(root: Path) -> Path:
    """A notebook folder: the three pages above, named so that natural order matters."""
    folder = root / "transcripts"
    folder.mkdir(parents=True)
    (folder / "page-2.xml").write_text(PAGE_2019_DOC, encoding="utf-8")
    (folder / "page-10.xml").write_text(ALTO_DOC, encoding="utf-8")
    (folder / "page-1.xml").write_text(PAGE_2013_DOC, encoding="utf-8")
    (folder / "scan-1.png").write_bytes(tiny_png(10))
    (folder / "scan-2.jpg").write_bytes(TINY_JPEG)
    (folder / "scan-3.png").write_bytes(tiny_png(200))
    return folder
