"""The command line: ``python -m tabletop simulate``."""

from __future__ import annotations

import csv
import subprocess
import sys

from tabletop.__main__ import main


def test_simulate_writes_csv_and_prints_a_summary(tmp_path, capsys):
    out = tmp_path / "results.csv"
    status = main(
        [
            "simulate",
            "race:Race",
            "--players",
            "3",
            "--games",
            "25",
            "--bots",
            "random",
            "--workers",
            "1",
            "--out",
            str(out),
        ]
    )
    assert status == 0
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 25 and rows[0]["bots"] == "random,random,random"
    text = capsys.readouterr().out
    assert "25 games" in text and "seat 2" in text and "length: mean" in text


def test_simulate_refuses_bad_requests(capsys):
    assert main(["simulate", "nosuchgame", "--games", "1", "--workers", "1"]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert (
        main(
            [
                "simulate",
                "race:Race",
                "--bots",
                "oracle",
                "--games",
                "1",
                "--workers",
                "1",
            ]
        )
        == 2
    )
    assert "unknown bot" in capsys.readouterr().err


def test_module_entry_point_runs():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tabletop",
            "simulate",
            "race:Race",
            "--games",
            "4",
            "--workers",
            "1",
            "--bots",
            "random",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "4 games" in result.stdout


def test_simulate_passes_the_search_budget(capsys):
    argv = ["simulate", "race:Race", "--games", "4", "--workers",
            "1", "--bots", "search,random", "--iterations", "5"]  # fmt: skip
    assert main([*argv, "--rotate"]) == 0
    text = capsys.readouterr().out
    assert "bot search" in text and "bot random" in text
