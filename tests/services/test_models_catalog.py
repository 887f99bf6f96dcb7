"""The models catalogue service: local models, the recommended list, downloads on loopback."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from app import resources
from app.domain.models_catalog import ModelCatalog, parse_catalog
from app.domain.progress import Cancelled, CancelToken, Progress
from app.services.errors import InvalidInputError, NotFoundError
from app.services.models import catalog as models_catalog
from app.services.models.catalog import (
    DownloadError,
    download_model,
    list_models,
    load_catalog,
    models_dir,
    recommended_models,
    resolve_model_reference,
)
from app.services.models.choice import use_model
from app.services.settings import Settings, save_settings
from tests.fake_hub import FakeHub

REPO = "test-owner/Tiny-GGUF"
FILE = "tiny-q4.gguf"
on_loopback = pytest.mark.allow_hosts(["127.0.0.1"])


def catalog(sha256: str | None = None) -> ModelCatalog:
    return parse_catalog(
        {
            "version": 1,
            "quality": {"default": "Default: measured.", "recommended": "Better: unmeasured."},
            "models": [
                {
                    "name": "tiny",
                    "title": "Tiny test model",
                    "repo": REPO,
                    "filename": FILE,
                    "size_bytes": None,
                    "sha256": sha256,
                    "license": "Apache-2.0",
                    "context_length": 512,
                    "good_for": "Tests.",
                    "ram_bytes": 1000,
                }
            ],
        }
    )


@pytest.fixture
def data(isolated_dirs: Path) -> Path:
    isolated_dirs.mkdir(parents=True, exist_ok=True)
    return isolated_dirs


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> int:
    """Stream in 16 KiB chunks so a tiny file takes several progress updates."""
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "DOWNLOAD_CHUNK_SIZE", 16 * 1024)
    return 16 * 1024


# ----------------------------------------------------------------------------- the list


def test_the_shipped_list_is_valid_and_names_gguf_files_on_the_hub() -> None:
    shipped = load_catalog()
    assert len(shipped.models) >= 5
    for model in shipped.models:
        assert model.filename.lower().endswith(".gguf")
        assert "/" in model.repo
        assert model.ram_bytes > 0
        assert model.context_length > 0
    assert "2%" in shipped.quality.default
    assert "not been measured" in shipped.quality.recommended
    assert shipped.find("QWEN2.5-1.5B-INSTRUCT") is shipped.find(
        "qwen2.5-1.5b-instruct-q4_k_m.gguf"
    )


def test_a_malformed_list_is_one_clear_sentence(tmp_path: Path) -> None:
    broken = tmp_path / "recommended.json"
    raw = json.loads(resources.recommended_models())
    raw["models"][0]["sha256"] = "not-a-hash"
    broken.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(InvalidInputError, match=r"SHA-256 of entry .* 64 lower-case hex"):
        load_catalog(broken)
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="is not valid JSON"):
        load_catalog(broken)
    raw["models"][0]["sha256"] = None
    raw["models"].append(dict(raw["models"][0]))
    broken.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(InvalidInputError, match="twice"):
        load_catalog(broken)


# ----------------------------------------------------------------------------- local models


def test_list_shows_the_default_and_every_gguf_in_the_models_folder(
    data: Path, tiny_model_path: Path
) -> None:
    folder = models_dir(data)
    folder.mkdir(parents=True)
    copy = folder / FILE
    copy.write_bytes(tiny_model_path.read_bytes())
    (folder / "junk.gguf").write_bytes(b"not a model at all")
    (folder / "notes.txt").write_text("ignored", encoding="utf-8")

    found = list_models(data, catalog=catalog())
    by_path = {m.path: m for m in found}
    assert found[0].is_default
    assert found[0].in_use
    tiny = by_path[copy.resolve()]
    assert (tiny.architecture, tiny.recommended, tiny.in_use) == ("llama", "tiny", False)
    assert tiny.fit.needed_bytes is not None
    assert tiny.fit.needed_bytes > tiny.size_bytes
    assert tiny.fit.fits is True  # a few hundred kB fit anywhere
    junk = by_path[(folder / "junk.gguf").resolve()]
    assert junk.problem is not None
    assert "not a GGUF" in junk.problem
    assert len(found) == 3

    use_model(data, copy)
    assert {m.path: m.in_use for m in list_models(data, catalog=catalog())}[copy.resolve()]


def test_the_models_folder_can_be_configured(data: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    save_settings(data, Settings(models_dir=str(elsewhere)))
    assert models_dir(data) == elsewhere


def test_use_accepts_a_name_from_the_list(data: Path, tiny_model_path: Path) -> None:
    folder = models_dir(data)
    folder.mkdir(parents=True)
    shipped = load_catalog().models[0]
    (folder / shipped.filename).write_bytes(tiny_model_path.read_bytes())
    assert resolve_model_reference(data, shipped.name) == folder / shipped.filename
    assert resolve_model_reference(data, shipped.filename) == folder / shipped.filename
    other = load_catalog().models[1]
    with pytest.raises(InvalidInputError, match=f"run `inkling model download {other.name}`"):
        resolve_model_reference(data, other.name)
    assert resolve_model_reference(data, "/no/such/file.gguf") == Path("/no/such/file.gguf")


def test_recommended_says_what_is_downloaded_and_what_fits(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(models_catalog, "available_memory_bytes", lambda: 5000)
    folder = models_dir(data)
    folder.mkdir(parents=True)
    (folder / FILE).write_bytes(b"GGUF")
    big = parse_catalog(
        {
            "version": 1,
            "quality": {"default": "d", "recommended": "r"},
            "models": [
                {**_entry(), "name": "small", "filename": FILE, "ram_bytes": 4000},
                {**_entry(), "name": "big", "filename": "big.gguf", "ram_bytes": 9000},
            ],
        }
    )
    views = {v.model.name: v for v in recommended_models(data, catalog=big)}
    assert views["small"].path == folder / FILE
    assert views["small"].fit.fits is True
    assert views["big"].path is None
    assert views["big"].fit.fits is False


def _entry() -> dict[str, object]:
    return {
        "title": "T",
        "repo": REPO,
        "license": "MIT",
        "context_length": 512,
        "good_for": "Tests.",
    }


# ----------------------------------------------------------------------------- downloads


@on_loopback
def test_a_download_is_verified_reports_progress_and_lands_in_the_models_folder(
    data: Path, fake_hub: FakeHub, tiny_model_path: Path, small_chunks: int
) -> None:
    content = tiny_model_path.read_bytes()
    sha = fake_hub.add(REPO, FILE, content)
    seen: list[tuple[int, int | None]] = []

    result = download_model(
        data, "tiny", catalog=catalog(sha), on_progress=lambda p: seen.append((p.done, p.total))
    )

    assert result.path == models_dir(data) / FILE
    assert result.path.read_bytes() == content
    assert (result.sha256, result.resumed_from, result.already_present) == (sha, 0, False)
    assert seen[-1] == (len(content), len(content))
    assert len(seen) > 3
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert sorted(p.name for p in models_dir(data).iterdir()) == [FILE]  # no partial left
    assert [r.method for r in fake_hub.requests] == ["HEAD", "GET"], fake_hub.requests

    again = download_model(data, "tiny", catalog=catalog(sha))  # no network: it is there
    assert again.already_present
    assert len(fake_hub.requests) == 2


@on_loopback
def test_a_cancelled_download_leaves_no_model_and_the_next_one_resumes(
    data: Path, fake_hub: FakeHub, tiny_model_path: Path, small_chunks: int
) -> None:
    content = tiny_model_path.read_bytes()
    fake_hub.add(REPO, FILE, content)
    cancel = CancelToken()

    def stop_after_three_chunks(progress: Progress) -> None:
        if progress.done >= 3 * small_chunks:
            cancel.cancel()

    with pytest.raises(Cancelled):
        download_model(
            data, "tiny", catalog=catalog(), on_progress=stop_after_three_chunks, cancel=cancel
        )
    final = models_dir(data) / FILE
    partial = final.with_name(FILE + ".part")
    assert not final.exists()
    assert partial.stat().st_size == 3 * small_chunks
    view = recommended_models(data, catalog=catalog())[0]
    assert (view.path, view.partial_bytes) == (None, 3 * small_chunks)

    result = download_model(data, "tiny", catalog=catalog())
    assert result.resumed_from == 3 * small_chunks
    assert fake_hub.requests[-1].range == f"bytes={3 * small_chunks}-"
    assert final.read_bytes() == content
    assert not partial.exists()


@on_loopback
def test_a_partial_file_of_another_version_is_not_resumed(
    data: Path, fake_hub: FakeHub, tiny_model_path: Path
) -> None:
    content = tiny_model_path.read_bytes()
    fake_hub.add(REPO, FILE, content)
    folder = models_dir(data)
    folder.mkdir(parents=True)
    (folder / (FILE + ".part")).write_bytes(b"x" * 1000)
    (folder / (FILE + ".part.json")).write_text(json.dumps({"sha256": "0" * 64}), "utf-8")
    result = download_model(data, "tiny", catalog=catalog())
    assert result.resumed_from == 0
    assert fake_hub.requests[-1].range is None
    assert result.path.read_bytes() == content


@on_loopback
def test_a_checksum_mismatch_is_refused_and_the_file_deleted(
    data: Path, fake_hub: FakeHub, tiny_model_path: Path
) -> None:
    fake_hub.add(REPO, FILE, tiny_model_path.read_bytes())
    fake_hub.published_sha256[f"{REPO}/{FILE}"] = hashlib.sha256(b"another file").hexdigest()
    with pytest.raises(DownloadError) as caught:
        download_model(data, "tiny", catalog=catalog())
    message = str(caught.value)
    assert "does not match the SHA-256 the hub publishes, so it was deleted" in message
    assert message.count(".") <= 3
    assert message.endswith(".")
    assert list(models_dir(data).iterdir()) == []


@on_loopback
def test_a_hub_file_that_is_not_the_listed_one_is_not_downloaded(
    data: Path, fake_hub: FakeHub, tiny_model_path: Path
) -> None:
    fake_hub.add(REPO, FILE, tiny_model_path.read_bytes())
    with pytest.raises(DownloadError, match="not the file Inkling recommends"):
        download_model(data, "tiny", catalog=catalog("a" * 64))
    assert [r.method for r in fake_hub.requests] == ["HEAD"]


@on_loopback
def test_a_file_missing_on_the_hub_is_one_sentence(data: Path, fake_hub: FakeHub) -> None:
    with pytest.raises(DownloadError, match=f"The hub has no file {REPO}/{FILE}"):
        download_model(data, "tiny", catalog=catalog())


def test_an_unknown_name_is_refused_without_any_network(data: Path) -> None:
    with pytest.raises(NotFoundError, match="No recommended model is called 'gpt-17'"):
        download_model(data, "gpt-17")
    assert not models_dir(data).exists()


@on_loopback
def test_an_unreachable_hub_is_one_sentence(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    with socket.socket() as probe:  # a port on loopback that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{port}")
    with pytest.raises(DownloadError, match=r"^Inkling could not download tiny-q4.gguf from "):
        download_model(data, "tiny", catalog=catalog())


@on_loopback
def test_one_download_of_a_file_at_a_time(
    data: Path, fake_hub: FakeHub, tiny_model_path: Path
) -> None:
    from huggingface_hub.utils._fixes import WeakFileLock

    from app.paths import cache_dir

    fake_hub.add(REPO, FILE, tiny_model_path.read_bytes())
    locks = cache_dir(data) / "downloads"
    locks.mkdir(parents=True)
    with (
        WeakFileLock(locks / f"{FILE}.lock"),
        pytest.raises(DownloadError, match="already being downloaded"),
    ):
        download_model(data, "tiny", catalog=catalog())
    assert fake_hub.requests == []
    assert download_model(data, "tiny", catalog=catalog()).path.is_file()
