"""The screens: pure functions from what a seat may see to HTML text (no rules of their own).
"""
