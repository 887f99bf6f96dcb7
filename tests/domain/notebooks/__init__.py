"""Tests of the notebook detectors' pure logic."""
