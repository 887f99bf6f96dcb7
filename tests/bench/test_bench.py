"""``python -m bench`` keeps working: every section runs on tiny inputs with the tiny
random model and reports every figure the issue names, with sane types.  No timings are
asserted (these machines are shared and noisy)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from bench.__main__ import KEYS, main, parse_args, run
from bench.common import Sizes, per_doubling

TINY = Sizes(
    overhead_pairs=2,
    prefix_entries=2,
    scaling_repeats=1,
    entry_lengths=(100, 200, 400),
    candidate_counts=(2, 4, 8),
    notebook_pages=12,
    scaling_pages=(3, 6, 12),
    prompt_pages=4,
    gui_opens=2,
    storage_entries=300,
    searches=1,
    month_lists=1,
    memory_pages=4,
    max_tokens=48,
)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


@pytest.mark.usefixtures("qapp")
@pytest.mark.allow_hosts(["127.0.0.1"])  # the server section's llama.cpp server, loopback
@pytest.mark.timeless  # waits on that server process: run at today's date only
def test_every_section_reports_every_figure(roomy_tiny_model_path: Path) -> None:
    messages: list[str] = []
    args = parse_args(["--quick", "--json", "--model", str(roomy_tiny_model_path)])
    result = json.loads(json.dumps(run(args, messages.append, sizes=TINY)))

    for section, key in KEYS:
        assert _number(result[section][key]), (section, key, result[section].get(key))
        assert result[key] == result[section][key]  # gathered at the top level too
    assert result["rerun_model_calls"] == 0
    assert result["notebooks"]["rerun_cache_hits"] == 4
    assert result["notebooks"]["prompt_windows"] >= 1
    assert result["overhead"]["same_prompt"] is True
    # the same windows in-process and on the loopback server, one and four at a time
    runs = result["server"]["runs"]
    assert set(runs) == {"in_process", "server_1", "server_4"}
    assert len({r["windows"] for r in runs.values()}) == 1
    assert runs["in_process"]["windows"] >= 1
    assert result["gui"]["highlights_shown"] == 50
    for how in ("reader_thumbnail", "reader_whole", "fromdata_whole"):
        assert _number(result["gui"][f"photo_decode_stall_ms_{how}"]), how
    assert result["storage"]["entries"] == TINY.storage_entries
    assert result["memory"]["model_loaded"] is True
    assert result["memory"]["peak_rss_mb"] > result["memory"]["baseline_rss_mb"] > 0
    assert 0 < result["tokens_evaluated_ratio"] <= 1
    assert set(result["scaling"]["latency_by_entry_chars_s"]) == {"100", "200", "400"}
    assert messages  # progress went to the log, not stdout


def test_json_and_tables_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick", "--json", "--only", "storage", "--entries", "120"]) == 0
    out, err = capsys.readouterr()
    document = json.loads(out)  # exactly one JSON document
    assert document["storage"]["entries"] == 120
    assert {"import_50k_s", "search_ms", "month_list_ms"} <= document.keys()
    assert "bench: storage" in err

    assert main(["--quick", "--only", "storage", "--entries", "120"]) == 0
    out, _err = capsys.readouterr()
    assert "| search_ms" in out
    assert "holds" in out or "misses" in out


def test_growth_per_doubling() -> None:
    assert per_doubling([1, 2, 4], [3, 6, 12]) == pytest.approx(2.0)  # linear
    assert per_doubling([1, 2, 4], [5, 5, 5]) == pytest.approx(1.0)  # constant
    assert per_doubling([100, 1000, 5000], [1, 100, 2500]) == pytest.approx(4.0, rel=0.01)
